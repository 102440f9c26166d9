# A 5-point stencil with boundary tests on 2-d float64 arrays (C and F order).
from numba import cuda


@cuda.jit
def laplace(u, out):
    i, j = cuda.grid(2)
    m, n = u.shape
    if i < m and j < n:
        c = u[i, j]
        s = -4.0 * c
        if i > 0:
            s += u[i - 1, j]
        else:
            s += c
        if i < m - 1:
            s += u[i + 1, j]
        else:
            s += c
        if j > 0:
            s += u[i, j - 1]
        else:
            s += c
        if j < n - 1:
            s += u[i, j + 1]
        else:
            s += c
        out[i, j] = s
