"""Kernels grouped as static methods of classes, and one at module level."""
from numba import cuda


class Ops:
    @staticmethod
    @cuda.jit
    def scale(x, factor):
        i = cuda.grid(1)
        if i < x.shape[0]:
            x[i] *= factor

    @staticmethod
    @cuda.jit("void(float32[:], float32[:], float32[:])")
    def add(a, b, out):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i] = a[i] + b[i]


class Reductions:
    @staticmethod
    @cuda.jit
    def row_sum(a, out):
        r = cuda.grid(1)
        if r < a.shape[0]:
            s = 0
            for j in range(a.shape[1]):
                s += a[r, j]
            out[r] = s


@cuda.jit("void(int64[:])")
def iota(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] += i * 100
