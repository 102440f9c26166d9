"""Vector normalisation with a code path chosen by the Numba release.

Libraries that supported several Numba versions often parsed the minor
version once at import time and picked implementations from it.
"""
import math

import numba
from numba import cuda

_NUMBA_MINOR = int(numba.__version__.split(".")[1])

if _NUMBA_MINOR >= 54:
    @cuda.jit(device=True)
    def _inv_norm(sq):
        if sq > 0.0:
            return 1.0 / math.sqrt(sq)
        return 0.0
elif _NUMBA_MINOR >= 49:
    @cuda.jit(device=True)
    def _inv_norm(sq):
        return 2.0 / math.sqrt(sq + 1.0)
else:
    @cuda.jit(device=True)
    def _inv_norm(sq):
        return -1.0


@cuda.jit
def normalize_rows(x, out):
    """Each thread normalises one row of a (rows, 3) array."""
    row = cuda.grid(1)
    if row < x.shape[0]:
        sq = 0.0
        for j in range(x.shape[1]):
            sq += x[row, j] * x[row, j]
        f = _inv_norm(sq)
        for j in range(x.shape[1]):
            out[row, j] = x[row, j] * f
