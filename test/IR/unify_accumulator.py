# `tmp = 0.` makes tmp float64, so `tmp += float32` accumulates in float64
# and the final store converts back to float32 (what Numba does too).
# RUN: %pykc %s --sig 'dot(float32[:], float32[:], float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def dot(a, b, out):
    tmp = 0.
    for k in range(a.shape[0]):
        tmp += a[k] * b[k]
    out[0] = tmp

# CHECK-LABEL: {{^}}kernel dot(a: array(float32, 1d, A), b: array(float32, 1d, A), out: array(float32, 1d, A)) -> none  # symbol dot
# CHECK-NEXT: {{^}}  tmp: float64 = 0.0{{$}}
# CHECK-NEXT: {{^}}  for k: int64 in range(0, a.shape[0], 1):{{$}}
# CHECK-NEXT: {{^}}    tmp: float64 = (tmp + float64((a[k] * b[k]))){{$}}
# CHECK-NEXT: {{^}}  out[0] = float32(tmp){{$}}
