# math.frexp, math.modf and math.ldexp with Numba's CUDA typing: frexp gives
# (float, int32), modf (float, float) in the argument's precision, ldexp
# takes an int32 exponent (an int64 converts); integers pick float64.
# RUN: %pykc %s --sig 'k(float32[:], int64[:], float64[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], int64[:], float64[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
import math
from numba import cuda


@cuda.jit
def k(x, n, out):
    f = math.frexp(x[0])
    g = math.modf(n[0])
    out[0] = f[0] + f[1] + g[0] + g[1] + math.ldexp(x[1], n[1])

# CHECK-LABEL: {{^}}kernel k(
# CHECK-NEXT: {{^}}  f: Tuple(float32, int32) = math.frexp(x[0]){{$}}
# CHECK-NEXT: {{^}}  g: UniTuple(float64 x 2) = math.modf(float64(n[0])){{$}}
# CHECK-NEXT: {{^}}  out[0] = {{.*}}math.ldexp(x[1], int32(n[1])){{.*}}{{$}}
