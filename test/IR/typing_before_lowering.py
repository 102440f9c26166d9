# Typing runs before lowering: `x`, first a Tuple(int64, float64), meets
# its reassignment at the loop's head and widens to UniTuple(float64 x 2).
# The call is typed with the provisional type quietly (t[i] with a variable
# index would be an error for the mixed tuple) and lowered once, for the
# final type: no error, no dead instance.
# RUN: %pykc %s --sig 'k(float64[:])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=device --implicit-check-not=error
from numba import cuda


@cuda.jit(device=True)
def pick(t, i):
    return t[i]


@cuda.jit
def k(out):
    i = cuda.grid(1)
    x = (1, 2.5)
    for k in range(2):
        out[k] = pick(x, i % 2)
        x = (1.5, 2.5)

# CHECK-LABEL: {{^}}kernel k(out: array(float64, 1d, A)) -> none  # symbol k{{$}}
# CHECK: {{^}}  x: UniTuple(float64 x 2) = (float64($t0[0]), $t0[1]){{$}}
# CHECK: {{^}}    out[k] = pick__tuple_float64_float64_int64(x, pykc_mod_int64(i, 2)){{$}}
# CHECK: {{^}}device pick(t: UniTuple(float64 x 2), i: int64) -> float64  # symbol pick__tuple_float64_float64_int64{{$}}
# CHECK-NEXT: {{^}}  return t[i]{{$}}
# Python's `%`, as a function of primitive operations (ir/ExpandOperators.h).
# CHECK: {{^}}device pykc_mod_int64(a: int64, b: int64) -> int64  # symbol pykc_mod_int64{{$}}
# t[i]'s index wraps around by Python's rule, a function of primitive
# operations too (ir/IndexFunctions.h).
# CHECK: {{^}}device pykc_wrap_int64(i: int64, n: int64) -> int64  # symbol pykc_wrap_int64{{$}}
