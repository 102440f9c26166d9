# Bounds checking (test/Run/boundscheck.test): an index past the end in a
# device function, a negative index that wraps, and a kernel that checks
# itself with boundscheck=True.
from numba import cuda

@cuda.jit(device=True)
def get(a, i):
    return a[i]

@cuda.jit
def k(a, b, n):
    i = cuda.grid(1)
    if i < n:
        b[i] = get(a, i) + a[-1]


@cuda.jit(boundscheck=True)
def rows(m, out):
    i = cuda.grid(1)
    out[i] = m[i, -4]
