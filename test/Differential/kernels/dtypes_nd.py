# 2-d and 3-d arrays of every supported dtype, in C and in F order.
from numba import cuda


@cuda.jit
def add_2d(a, b, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = a[i, j] + b[i, j]


@cuda.jit
def transpose_2d(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[j, i] = a[i, j]


@cuda.jit
def mask_3d(a, m, out):
    i, j, k = cuda.grid(3)
    if i < a.shape[0] and j < a.shape[1] and k < a.shape[2]:
        if m[i, j, k]:
            out[i, j, k] = a[i, j, k]
        else:
            out[i, j, k] = -a[i, j, k]


@cuda.jit
def uint8_3d(u, out):
    i, j, k = cuda.grid(3)
    if i < u.shape[0] and j < u.shape[1] and k < u.shape[2]:
        out[i, j, k] = u[i, j, k] * 2 + k
