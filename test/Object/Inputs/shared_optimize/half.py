# Which half-precision operations are legal depends on the SM, so each
# target is optimized alone.
from numba import cuda


@cuda.jit("void(float16[:], float16[:])")
def square_half(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * x[i]
