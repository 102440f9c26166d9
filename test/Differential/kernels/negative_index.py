# Negative indices count from the end: a[-1], A[-1, -1], A[i, -1 - j].
from numba import cuda


@cuda.jit
def negative_1d(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[-1] + a[-2] * i + a[-1 - i]


@cuda.jit
def negative_2d(A, out):
    i, j = cuda.grid(2)
    m, n = A.shape
    if i < m and j < n:
        out[i, j] = A[-1 - i, -1 - j] + A[-1, -1] - A[i, -n]
