# The math module on the GPU: exactly rounded functions become PTX
# instructions (llvm intrinsics), the others libdevice code linked in and
# inlined, as Numba calls it; the predicates are comparisons.
# RUN: %pykc %s --sig 'k(float32[:], float64[:], boolean[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], float64[:], boolean[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
import math
from numba import cuda


@cuda.jit
def k(x, d, flag):
    x[0] = math.sqrt(x[1])
    d[0] = math.floor(d[1])
    d[2] = math.exp(d[3])
    flag[0] = math.isnan(x[2])

# CHECK-LABEL: .visible .entry k(
# CHECK-NOT: call
# CHECK: sqrt.rn.f32
# CHECK-NOT: call
# CHECK: cvt.rmi.f64.f64
# CHECK-NOT: call
# CHECK: setp.nan.f32
# CHECK-NOT: call
# CHECK: ret;
