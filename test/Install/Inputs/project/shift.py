# Compiled by its own pykc_add_kernels call with NAMESPACE user::ops.
from numba import cuda


@cuda.jit
def shift(a, by):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += by
