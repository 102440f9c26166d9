"""Histogram kernels that check the Numba version as a string."""
import numba
from numba import cuda

_NUMBA_VERSION = numba.__version__

if _NUMBA_VERSION.startswith("0.4"):
    raise ImportError("this module needs numba >= 0.50, found " + _NUMBA_VERSION)

if _NUMBA_VERSION < "0.53":
    NBINS = 8
    LEGACY_ATOMICS = True
elif _NUMBA_VERSION >= "0.56" and _NUMBA_VERSION < "0.60":
    NBINS = 16
    LEGACY_ATOMICS = False
else:
    NBINS = 32
    LEGACY_ATOMICS = False


@cuda.jit
def histogram(values, lo, hi, bins):
    """values in [lo, hi) counted into NBINS bins with atomics."""
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    width = (hi - lo) / NBINS
    for k in range(i, values.shape[0], stride):
        b = int((values[k] - lo) / width)
        if b >= NBINS:
            b = NBINS - 1
        if b < 0:
            b = 0
        if LEGACY_ATOMICS:
            bins[b] += 1
        else:
            cuda.atomic.add(bins, b, 1)
