# Refused uses of NumPy allocators (test/Run/heap_arrays.test).
import numpy as np
from numba import cuda, njit


@njit
def made(n):
    return np.zeros(n)


@njit("float64(int64)")
def uses_made(n):
    return made(n)[0]


@njit("float64(float64)")
def float_shape(x):
    return np.empty(x)[0]


@cuda.jit("void(float64[:])")
def kernel_alloc(out):
    t = np.zeros(4)
    out[0] = t[0]
