"""The Numba version's parts used as constants inside a kernel."""
import numba
from numba import cuda

_PARTS = numba.__version__.split(".")
NUMBA_MAJOR = int(_PARTS[0])
NUMBA_MINOR = int(numba.__version__.split(".")[1])
NUMBA_PATCH = int(_PARTS[2]) if len(_PARTS) > 2 else 0
VERSION_CODE = NUMBA_MAJOR * 10000 + NUMBA_MINOR * 100 + NUMBA_PATCH


@cuda.jit
def stamp(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = VERSION_CODE + i
