# cuda.local.array lives in .local memory when it is indexed dynamically.
# RUN: %pykc %s --sig 'loc(float32[:], int32)'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'loc(float32[:], int32)'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda, float32


@cuda.jit
def loc(a, n):
    tmp = cuda.local.array(16, float32)
    for i in range(16):
        tmp[i] = a[i]
    a[0] = tmp[n]

# CHECK-LABEL: .visible .entry loc(
# CHECK: .local .align {{[0-9]+}} .b8 __local_depot0[64];
# CHECK: st.local
# CHECK: ld.local.f32
# CHECK: st.global.f32
