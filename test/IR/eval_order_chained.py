# `a < b < c < d` evaluates b and c once each, and c only when a < b holds:
# later links nest to the right, each with its own temporaries.
# RUN: %pykc %s --sig 'chain(float32[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def chain(a, n):
    i = cuda.grid(1)
    if 0 <= i < min(n, a.size) < max(n, 4):
        a[i] = 1.0

# CHECK-LABEL: {{^}}kernel chain(a: array(float32, 1d, A), n: int64) -> none  # symbol chain
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  if ((0 <= i) and ((let $t0: int64 = a.size; $t1: int64 = ($t0 if ($t0 < n) else n) in (i < $t1)) and ($t1 < (4 if (4 > n) else n)))):{{$}}
# CHECK-NEXT: {{^}}    a[i] = float32(1.0){{$}}
