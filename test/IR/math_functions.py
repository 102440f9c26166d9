# The math module with Numba's CUDA typing: float32 in, float32 out;
# integers computed in float64; floor/ceil/trunc keep the float type (on
# CUDA, unlike CPython); the predicates give bool.
# RUN: %pykc %s --sig 'k(float32[:], int32[:], float64[:], boolean[:])' --emit=ir -o - | FileCheck %s
import math
from numba import cuda


@cuda.jit
def k(x, n, out, flag):
    s = math.sin(x[0])
    f = math.floor(x[0])
    t = math.trunc(out[0])
    r = math.sqrt(n[0])
    h = math.hypot(n[0], n[1])
    p = math.pow(x[0], 2)
    out[0] = s + f + t + r + h + p
    flag[0] = math.isnan(x[0]) or math.isinf(n[0])

# CHECK-LABEL: {{^}}kernel k(
# CHECK-NEXT: {{^}}  s: float32 = math.sin(x[0]){{$}}
# CHECK-NEXT: {{^}}  f: float32 = math.floor(x[0]){{$}}
# CHECK-NEXT: {{^}}  t: float64 = math.trunc(out[0]){{$}}
# CHECK-NEXT: {{^}}  r: float64 = math.sqrt(int64(n[0])){{$}}
# CHECK-NEXT: {{^}}  h: float64 = math.hypot(int64(n[0]), int64(n[1])){{$}}
# CHECK-NEXT: {{^}}  p: float64 = math.pow(float64(x[0]), float64(2)){{$}}
# CHECK-NEXT: {{^}}  out[0] = ((((float64((s + f)) + t) + r) + h) + p){{$}}
# CHECK-NEXT: {{^}}  flag[0] = (math.isnan(x[0]) or math.isinf(int64(n[0]))){{$}}
