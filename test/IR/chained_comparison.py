# `a < b < c` is `(a < b) and (b < c)` with `b` evaluated once; the int32
# operands are compared as int64 with the int64 literal.
# RUN: %pykc %s --sig 'chained(int32[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def chained(out, n):
    inside = 0 < n < 10
    if inside:
        out[0] = 1

# CHECK-LABEL: {{^}}kernel chained(out: array(int32, 1d, A), n: int32) -> none  # symbol chained
# CHECK-NEXT: {{^}}  inside: bool = ((0 < int64(n)) and (int64(n) < 10)){{$}}
# CHECK-NEXT: {{^}}  if inside:{{$}}
# CHECK-NEXT: {{^}}    out[0] = int32(1){{$}}
