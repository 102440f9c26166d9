# True division `/` of integers gives a float64.
from numba import cuda


@cuda.jit
def int_true_div(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] / b[i]
        out[i, 1] = i / 4
        out[i, 2] = a[i] / 3
        out[i, 3] = 7 / b[i]


@cuda.jit
def int32_true_div(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = (a[i] + b[i]) / b[i]
