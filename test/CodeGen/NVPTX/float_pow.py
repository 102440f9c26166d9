# float ** float goes through libdevice's __nv_pow, which is linked and
# inlined: no call remains in the PTX.
# RUN: %pykc %s --sig 'fpow(float64[:], float64[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'fpow(float64[:], float64[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def fpow(a, b):
    i = cuda.grid(1)
    a[i] = a[i] ** b[i]

# CHECK-NOT: __nv_pow
# CHECK-LABEL: .visible .entry fpow(
# CHECK-NOT: __nv_pow
# CHECK: ld.global.f64
# CHECK: st.global.f64
# CHECK: ret;
