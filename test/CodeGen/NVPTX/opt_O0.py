# -O0 still produces valid PTX (no optimization, the loads of the array
# parameters stay).
# RUN: %pykc %s --sig 'k(float32[:], float32[:])' -O0 -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], float32[:])' -O0 -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    tmp = 0.
    for j in range(b.size):
        tmp += b[j]
    if i < a.size:
        a[i] = tmp

# CHECK: .target sm_75
# CHECK-LABEL: .visible .entry k(
# CHECK: .local .align {{[0-9]+}} .b8 __local_depot0
# CHECK: add.rn.f64
# CHECK: cvt.rn.f32.f64
# CHECK: ret;
