# Integer // and % with negative operands follow Python: the quotient is
# floored and the remainder takes the divisor's sign.
from numba import cuda


@cuda.jit
def floordiv_mod_int64(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def floordiv_mod_int32(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def floordiv_mod_literals(a, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        out[i, 0] = x // 7
        out[i, 1] = x % 7
        out[i, 2] = x // -3
        out[i, 3] = x % -3
        out[i, 4] = -x // 4
        out[i, 5] = (i - 16) % 5
        out[i, 6] = (i - 16) // 5
        out[i, 7] = 100 // (x % 9 + 1)
