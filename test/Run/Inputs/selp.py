"""cuda.selp(test, a, b): PTX's select, as Numba-CUDA types it (both values
of one type, evaluated before it selects)."""
import numpy as np
from numba import cuda, float32


@cuda.jit
def clamp_neg(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = cuda.selp(x[i] > 0, x[i], float32(0.0))


@cuda.jit
def pick(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = cuda.selp(a[i] < b[i], a[i] * 2, b[i] - 1)


@cuda.jit
def bad(x, out):
    i = cuda.grid(1)
    out[i] = cuda.selp(x[i] > 0, x[i], 0)
