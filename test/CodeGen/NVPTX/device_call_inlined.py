# Device functions are inlined into the kernel: no .func and no call.
# RUN: %pykc %s --sig 'k(float32[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = square(a[i])

# CHECK-NOT: .func
# CHECK-LABEL: .visible .entry k(
# CHECK-NOT: call
# CHECK: ld.global.f32 [[X:%f[0-9]+]]
# CHECK-NEXT: mul.rn.f32 [[Y:%f[0-9]+]], [[X]], [[X]];
# CHECK-NEXT: st.global.f32 [{{%rd[0-9]+}}], [[Y]];
# CHECK-NOT: .func
