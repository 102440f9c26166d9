"""Signatures kept in module constants and reused by decorators."""
from numba import cuda

SIG = "void(float64[:])"
SIG_2D = "void(float64[:, :], float64[:, :])"
_DEV_SIG = "float64(float64, float64)"


@cuda.jit(_DEV_SIG, device=True)
def hypot2(a, b):
    return a * a + b * b


@cuda.jit(SIG)
def halve(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] * 0.5


@cuda.jit(SIG_2D)
def magnitude(x, out):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j + 1 < x.shape[1]:
        out[i, j] = hypot2(x[i, j], x[i, j + 1])
