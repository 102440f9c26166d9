import math

from numba import cuda


@cuda.jit("void(float32[:])")
def wave(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sin(out[i])
