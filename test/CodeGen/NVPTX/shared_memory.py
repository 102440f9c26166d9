# Shared arrays are .shared globals, read and written with ld/st.shared.
# RUN: %pykc %s --sig 'smem(float32[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'smem(float32[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda, float32

TPB = 32


@cuda.jit
def smem(a):
    s = cuda.shared.array(TPB, float32)
    i = cuda.threadIdx.x
    s[i] = a[i]
    cuda.syncthreads()
    a[i] = s[TPB - 1 - i]

# CHECK-LABEL: .visible .entry smem(
# CHECK: .shared .align {{[0-9]+}} .b8 [[SMEM:[A-Za-z0-9_$]+]][128];
# CHECK: mov.u64 {{%rd[0-9]+}}, [[SMEM]];
# CHECK: ld.global.f32
# CHECK: st.shared.f32
# CHECK: barrier.sync 0;
# CHECK: ld.shared.f32
# CHECK: st.global.f32
