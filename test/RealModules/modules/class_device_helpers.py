"""Device functions and kernels in class bodies, and a kernel assigned in a
class from a module-level function."""
import math

from numba import cuda


def _hann(n, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = 0.5 - 0.5 * math.cos(2.0 * math.pi * i / (n - 1))


class Windows:
    """Window functions."""

    hann = cuda.jit(_hann)

    @staticmethod
    @cuda.jit
    def hamming(n, out):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i] = 0.54 - 0.46 * math.cos(2.0 * math.pi * i / (n - 1))
