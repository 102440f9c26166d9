# a[i] * b[i] + c[i] in float32 stored into a float32 array contracts to an
# fma.rn.f32 (like nvcc and Numba's default fastmath=False contraction).
# RUN: %pykc %s --sig 'axpy(float32[:], float32[:], float32[:], float32[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'axpy(float32[:], float32[:], float32[:], float32[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def axpy(a, b, c, d):
    i = cuda.grid(1)
    if i < d.size:
        d[i] = a[i] * b[i] + c[i]

# CHECK-LABEL: .visible .entry axpy(
# CHECK: ld.global.f32 [[A:%f[0-9]+]]
# CHECK: ld.global.f32 [[B:%f[0-9]+]]
# CHECK: ld.global.f32 [[C:%f[0-9]+]]
# CHECK-NEXT: fma.rn.f32 [[D:%f[0-9]+]], [[A]], [[B]], [[C]];
# CHECK-NEXT: st.global.f32 [{{%rd[0-9]+}}], [[D]];
# CHECK-NOT: mul.f32
