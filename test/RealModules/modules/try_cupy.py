"""Optional CuPy support, as GPU libraries import it: the module works
without it, and uses its scalar types when it is there."""
from numba import cuda

try:
    import cupy as cp
    HAS_CUPY = True
except ImportError:
    cp = None
    HAS_CUPY = False

if HAS_CUPY:
    _DTYPE = cp.float32
    _MARK = 1.0
else:
    import numpy as _np
    _DTYPE = _np.float32
    _MARK = -1.0


@cuda.jit
def rescale(x, out, factor):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = _DTYPE(x[i] * factor) + _DTYPE(_MARK)
