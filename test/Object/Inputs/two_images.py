from numba import cuda
import math


@cuda.jit("void(float32[:], float32[:])")
def wave(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sin(x[i]) * 2


@cuda.jit("void(int32[:])")
def count(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1
