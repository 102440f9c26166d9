# Kernels for the install test (test/Install/run_install_test.sh): a 1-d
# kernel with a scalar and two arrays, and a 2-d one.
from numba import cuda


@cuda.jit
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def index_2d(m, scale):
    r, c = cuda.grid(2)
    if r < m.shape[0] and c < m.shape[1]:
        m[r, c] = r * scale + c
