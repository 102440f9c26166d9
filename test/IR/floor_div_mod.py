# `//` and `%` on integers stay integers (int64 for int32 operands).
# RUN: %pykc %s --sig 'divmod_k(int64[:], int32, int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def divmod_k(out, i, j):
    q = i // j
    r = i % j
    out[0] = q
    out[1] = r

# CHECK-LABEL: {{^}}kernel divmod_k(out: array(int64, 1d, A), i: int32, j: int32) -> none  # symbol divmod_k
# CHECK-NEXT: {{^}}  q: int64 = (int64(i) // int64(j)){{$}}
# CHECK-NEXT: {{^}}  r: int64 = (int64(i) % int64(j)){{$}}
# CHECK-NEXT: {{^}}  out[0] = q{{$}}
# CHECK-NEXT: {{^}}  out[1] = r{{$}}
