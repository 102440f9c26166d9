# `//` and `%` on integers stay integers (int64 for int32 operands).
# Each is a call of its function of primitive operations.
# RUN: %pykc %s --sig 'divmod_k(int64[:], int32, int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def divmod_k(out, i, j):
    q = i // j
    r = i % j
    out[0] = q
    out[1] = r

# CHECK-LABEL: {{^}}kernel divmod_k(out: array(int64, 1d, A), i: int32, j: int32) -> none  # symbol divmod_k
# CHECK-NEXT: {{^}}  q: int64 = pykc_floordiv_int64(int64(i), int64(j)){{$}}
# CHECK-NEXT: {{^}}  r: int64 = pykc_mod_int64(int64(i), int64(j)){{$}}
# CHECK-NEXT: {{^}}  out[0] = q{{$}}
# CHECK-NEXT: {{^}}  out[1] = r{{$}}

# Python's `//` as primitive operations (ir/OperatorFunctions.cpp): C's
# truncating division on a safe divisor, moved down a step when the
# remainder's sign differs from the divisor's; 0 for a zero divisor and a
# wrapping negation for -1, as Numba-CUDA.
# CHECK-LABEL: {{^}}device pykc_floordiv_int64(a: int64, b: int64) -> int64  # symbol pykc_floordiv_int64{{$}}
# CHECK-NEXT: {{^}}  by_zero: bool = (b == 0){{$}}
# CHECK-NEXT: {{^}}  nonzero: int64 = (1 if by_zero else b){{$}}
# CHECK-NEXT: {{^}}  by_minus_one: bool = (b == -1){{$}}
# CHECK-NEXT: {{^}}  d: int64 = (1 if by_minus_one else nonzero){{$}}
# CHECK-NEXT: {{^}}  q: int64 = (a div.trunc d){{$}}
# CHECK-NEXT: {{^}}  r: int64 = (a rem.trunc d){{$}}
# CHECK-NEXT: {{^}}  adjust: bool = ((r != 0) & ((r ^ d) < 0)){{$}}
# CHECK-NEXT: {{^}}  t0: int64 = int64((uint64(0) - uint64(a))){{$}}
# CHECK-NEXT: {{^}}  t1: int64 = (q - int64(adjust)){{$}}
# CHECK-NEXT: {{^}}  t2: int64 = (t0 if by_minus_one else t1){{$}}
# CHECK-NEXT: {{^}}  return (0 if by_zero else t2){{$}}
# CHECK-LABEL: {{^}}device pykc_mod_int64(a: int64, b: int64) -> int64  # symbol pykc_mod_int64{{$}}
# CHECK: {{^}}  t0: int64 = (r + d){{$}}
# CHECK-NEXT: {{^}}  t1: int64 = (t0 if adjust else r){{$}}
# CHECK-NEXT: {{^}}  return (0 if by_zero else t1){{$}}
