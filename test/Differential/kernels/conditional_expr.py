# Conditional expressions, nested, on ints, floats and mixed types.
from numba import cuda


@cuda.jit
def select(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] if a[i] > b[i] else b[i]
        out[i, 1] = -1.0 if a[i] < 0 else (1.0 if a[i] > 0 else 0.0)
        out[i, 2] = 1 if i % 2 == 0 else 0.5


@cuda.jit
def select_int(a, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        out[i] = x * 2 if x % 3 == 0 else (x - 1 if x % 3 == 1 else -x)
