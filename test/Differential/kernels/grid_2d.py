# cuda.grid(2) and cuda.gridsize(2) with 2-d grid-stride loops, on a C-order
# and an F-order array.
from numba import cuda


@cuda.jit
def grid2_stride(a, out):
    x, y = cuda.grid(2)
    sx, sy = cuda.gridsize(2)
    i = x
    while i < a.shape[0]:
        j = y
        while j < a.shape[1]:
            out[i, j] = a[i, j] * 3.0 - i + j * 0.5
            j += sy
        i += sx


@cuda.jit
def grid2_ids(out):
    g = cuda.grid(2)
    x = g[0]
    y = g[1]
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = x * 1000 + y
