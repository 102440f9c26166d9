# abs, min, max (2 and 3 arguments), int, float and bool.
from numba import cuda


@cuda.jit
def builtins_int(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = abs(a[i])
        out[i, 1] = min(a[i], b[i])
        out[i, 2] = max(a[i], b[i])
        out[i, 3] = min(a[i], b[i], 0)
        out[i, 4] = max(a[i], -a[i], b[i])
        out[i, 5] = int(bool(a[i]))
        out[i, 6] = abs(a[i] - b[i])


@cuda.jit
def builtins_float(x, y, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = abs(x[i])
        out[i, 1] = min(x[i], y[i])
        out[i, 2] = max(x[i], y[i], 0.0)
        out[i, 3] = int(x[i])
        out[i, 4] = float(n[i]) / 8
        out[i, 5] = min(n[i], x[i])
        out[i, 6] = max(n[i], 3)
        out[i, 7] = int(x[i] * 10.0) % 7


@cuda.jit
def builtins_bool(x, n, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = bool(x[i])
        out[i, 1] = bool(n[i])
        out[i, 2] = bool(n[i] - 1)
