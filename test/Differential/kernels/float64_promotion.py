# float32 data through float64 arithmetic: float literals and math.pi are
# float64, so the arithmetic is float64 and only the stores round to float32.
import math

from numba import cuda


@cuda.jit
def mixed_precision(a, b, out32, out64):
    i = cuda.grid(1)
    if i < a.size:
        t = a[i] * 0.1 + math.pi - b[i] / 3
        out32[i] = t
        out64[i] = a[i] * 1e-3 + b[i] * a[i]
        out64[i + a.size] = a[i] + i


@cuda.jit
def float32_only(a, b, s, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * s + b[i] * b[i] - s
