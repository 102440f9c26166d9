# `**` with integer and float exponents, including a negative integer
# exponent on a float base.
from numba import cuda


@cuda.jit
def int_power(a, e, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] ** 2
        out[i, 1] = a[i] ** 3
        out[i, 2] = a[i] ** e[i]
        out[i, 3] = 2 ** (i % 12)
        out[i, 4] = (i % 7) ** 4


@cuda.jit
def float_power(x, e, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] ** 2
        out[i, 1] = x[i] ** -2
        out[i, 2] = x[i] ** 0.5
        out[i, 3] = x[i] ** 1.5
        out[i, 4] = x[i] ** e[i]
        out[i, 5] = i ** 0.5
        out[i, 6] = 2.0 ** -(i % 5)
        out[i, 7] = x[i] ** -e[i]


@cuda.jit
def float32_power(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] ** 3 + x[i] ** -1
