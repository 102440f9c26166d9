# A 2-D five-point Jacobi step: each interior point becomes the mean of its
# four neighbours; the border is copied.
from numba import cuda


@cuda.jit
def jacobi5(u, v):
    i, j = cuda.grid(2)
    n, m = u.shape
    if i < n and j < m:
        if i == 0 or j == 0 or i == n - 1 or j == m - 1:
            v[i, j] = u[i, j]
        else:
            v[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
