# --emit=cuda: a complex is pykc_complex<T> with Numba's operators (its
# helpers written only when a kernel uses one), a complex parameter is its
# two parts and a tuple parameter its elements' parameters (KernelABI.h),
# rebuilt at the top of the kernel; a complex array's .real is a float view;
# an enum member is its int64 value.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>/dev/null
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import cmath
from enum import Enum

from numba import cuda


class Mode(Enum):
    plain = 0
    rotated = 1


@cuda.jit('void(complex64[:], complex128, UniTuple(float32 x 2), Tuple(int32, Tuple(float64, int64)), float32[:])')
def k(z, w, scale, offsets, parts):
    i = cuda.grid(1)
    if i < z.size:
        m = Mode.rotated if i % 2 else Mode.plain
        v = z[i] * w if m == Mode.rotated else z[i] + 1j
        z[i] = v * scale[0] + cmath.sqrt(v) + offsets[1][0]
        parts[i] = z.real[i] + z[i].imag * scale[1] + offsets[0]

# CHECK: struct pykc_complex {
# CHECK: extern "C" __global__ void k(pykc_complex<float> *z_data, int64_t z_shape0, int64_t z_stride0, double w_re, double w_im, float scale_0, float scale_1, int32_t offsets_0, double offsets_1_0, int64_t offsets_1_1, float *parts_data, int64_t parts_shape0, int64_t parts_stride0) {
# CHECK: pykc_complex<double> w = pykc_complex<double>{w_re, w_im};
# CHECK: [[TUPLE2:pykc_tuple[0-9]+]] scale = [[TUPLE2]]{scale_0, scale_1};
# CHECK: offsets = pykc_tuple{{[0-9]+}}{offsets_0, pykc_tuple{{[0-9]+}}{offsets_1_0, offsets_1_1}};
# CHECK: (int64_t)1LL
# CHECK: pykc_complex_part<float>(z, 0)
