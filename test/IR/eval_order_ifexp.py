# A conditional expression evaluates its condition, then one arm: each
# arm's temporaries are its own.
# RUN: %pykc %s --sig 'pick(float32[:], float64[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def pick(a, out, n):
    i = cuda.grid(1)
    out[0] = max(a[i], 1.0) if i < n else min(a[n], 0.0)

# CHECK-LABEL: {{^}}kernel pick(a: array(float32, 1d, A), out: array(float64, 1d, A), n: int64) -> none  # symbol pick
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  out[0] = ((let $t0: float64 = float64(a[i]) in (1.0 if (1.0 > $t0) else $t0)) if (i < n) else (let $t1: float64 = float64(a[n]) in (0.0 if (0.0 < $t1) else $t1))){{$}}
