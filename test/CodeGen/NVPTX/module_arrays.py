# Module-level NumPy arrays live in constant memory on the GPU, as Numba
# puts them, once per module however many functions read them; past the
# 64 KiB of constant memory they go to read-only global memory.
# RUN: %pykc %s --sig 'k(float32[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
import numpy as np
from numba import cuda

COEFFS = np.array([0.5, 0.25, 0.125], dtype=np.float32)
BIG = np.arange(20000, dtype=np.float32)


@cuda.jit(device=True)
def first(x):
    return x * COEFFS[int(x) % 3]


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = first(a[i]) + COEFFS[i % 3] + BIG[i]

# CHECK-DAG: .const .align 16 .b8 const_$_COEFFS[12] = {0, 0, 0, 63, 0, 0, 128, 62, 0, 0, 0, 62};
# CHECK-DAG: .global .align 16 .b8 const_$_BIG[80000] = {
# CHECK: ld.const.f32
# CHECK: ld.global.nc.f32
