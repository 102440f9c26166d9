import cmath

from numba import cuda, njit


@cuda.jit('void(complex64[:], complex128, complex128[:])')
def rotate(a, w, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * w + cmath.exp(1j * a[i].real)


@njit('complex128(complex128, float64)')
def scale(z, f):
    return z * f + 1j
