# Float // and % follow Python: floored quotient, remainder with the
# divisor's sign.
from numba import cuda


@cuda.jit
def float_floordiv_mod64(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def float_floordiv_mod32(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def float_mod_literals(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] // 2.5
        out[i, 1] = a[i] % 2.5
        out[i, 2] = a[i] % -1.5
        out[i, 3] = a[i] // -1.5
        out[i, 4] = a[i] // 3
        out[i, 5] = a[i] % 3
