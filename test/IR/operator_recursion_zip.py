# Three forms real modules use: functions of the operator module called or
# passed to a device function as values (a compile-time argument, as Numba
# types a function value); a recursive device function without a signature,
# typed from its return that does not recurse (Numba's fib); and a loop name
# bound to what zip() or enumerate() gives whole (a tuple, 1-tuples too).
# RUN: %pykc %s --sig 'k(float64[:], float64[:], float64[:])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
import operator

from numba import cuda


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit(device=True)
def apply(op, a, b):
    return op(a, b)


@cuda.jit
def k(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0.0
        for e in zip(range(3)):
            s += e[0]
        for pair in zip(a, b):
            s += pair[0] * pair[1]
        for item in enumerate(b, 1):
            s += item[0]
        s += apply(operator.sub, a[0], b[0]) + operator.mul(a[1], 2.0)
        if operator.lt(s, 0.0) or operator.not_(i):
            s = operator.neg(s)
        out[i] = s + fib(i)

# CHECK-LABEL: kernel k(
# CHECK:      for $t{{[0-9]+}}: int64 in range(0, $t{{[0-9]+}}, 1):
# CHECK-NEXT:   e: UniTuple(int64 x 1) = ((0 + ($t{{[0-9]+}} * 1)),)
# CHECK:        pair: UniTuple(float64 x 2) = (a[$t{{[0-9]+}}], b[$t{{[0-9]+}}])
# CHECK:        item: Tuple(int64, float64) = ((1 + $t{{[0-9]+}}), b[$t{{[0-9]+}}])
# CHECK:      s: float64 = (s + (apply__coperator_sub_float64_float64(a[0], b[0]) + (a[1] * 2.0)))
# CHECK-NEXT: if ((s < 0.0) or (not truth(i))):
# CHECK-NEXT:   s: float64 = (-s)
# CHECK:      out[i] = (s + float64(fib__int64(i)))
# CHECK-LABEL: device apply(a: float64, b: float64) -> float64  # symbol apply__coperator_sub_float64_float64; compile-time op = operator.sub
# CHECK-NEXT: return (a - b)
# CHECK-LABEL: device fib(n: int64) -> int64
# CHECK:      return (fib__int64((n - 1)) + fib__int64((n - 2)))
