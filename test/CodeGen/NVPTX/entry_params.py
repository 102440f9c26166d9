# Kernel entry and its parameters: an N-d array is passed as 1 + 2N .u64
# parameters (data pointer, N extents, N strides); scalars by value.
# RUN: %pykc %s --sig 'params(float32[:, :], int32, float64)'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'params(float32[:, :], int32, float64)'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def params(a, n, x):
    a[0, 0] = n + x

# CHECK-LABEL: .visible .entry params(
# CHECK-NEXT: .param .u64 params_param_0,
# CHECK-NEXT: .param .u64 params_param_1,
# CHECK-NEXT: .param .u64 params_param_2,
# CHECK-NEXT: .param .u64 params_param_3,
# CHECK-NEXT: .param .u64 params_param_4,
# CHECK-NEXT: .param .u32 params_param_5,
# CHECK-NEXT: .param .f64 params_param_6
# CHECK-NEXT: )
# CHECK: add.rn.f64
# CHECK: cvt.rn.f32.f64
# CHECK: st.global.f32
# CHECK: ret;
