"""Helpers in a functional style, as utility modules write them: a binary
operator passed as a value (operator.add, operator.mul, operator.sub), a
recursive helper whose return type Numba infers from its base case, and
loops over zip()/enumerate() bound to one name."""
import operator

from numba import cuda


@cuda.jit(device=True)
def fold3(op, a, b, c):
    return op(op(a, b), c)


@cuda.jit(device=True)
def ipow(base, n):
    # Square-and-multiply, recursively; no signature declared.
    if n == 0:
        return 1.0
    half = ipow(base, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * base


@cuda.jit(device=True)
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


@cuda.jit
def combine(x, y, z, out):
    i = cuda.grid(1)
    if i < out.size:
        s = fold3(operator.add, x[i], y[i], z[i])
        p = fold3(operator.mul, x[i], y[i], z[i])
        d = fold3(operator.sub, x[i], y[i], z[i])
        out[i] = s + p - d + operator.truediv(x[i], 2.0) + operator.neg(z[i])


@cuda.jit
def powers_and_gcd(x, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = ipow(x[i], k[i] % 7) + gcd(k[i] % 97 + 1, 36)


@cuda.jit
def weighted_pairs(x, w, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for pair in zip(x, w):
            acc += pair[0] * pair[1]
        for item in enumerate((0.5, 0.25, 0.125)):
            acc += item[0] * item[1] * x[i]
        for e in zip(range(i, i + 3)):
            acc += e[0]
        out[i] = acc
