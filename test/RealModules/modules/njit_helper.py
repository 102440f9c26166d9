"""A helper written once with numba.njit and called from a kernel."""
import numba
from numba import cuda, njit


@njit
def _wrap_index(i, n):
    return i % n


@numba.jit(nopython=True)
def _triangle(x):
    return 1.0 - abs(x)


@cuda.jit
def circular_shift_weighted(x, out, shift):
    i = cuda.grid(1)
    n = x.shape[0]
    if i < n:
        j = _wrap_index(i + shift, n)
        out[i] = x[j] * _triangle((i - n / 2.0) / n)
