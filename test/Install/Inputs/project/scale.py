# Compiled together with kernels.py by one pykc_add_kernels call, so each
# file gets the other's signatures too (--allow-unused-sig).
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * factor
