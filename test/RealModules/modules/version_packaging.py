"""SAXPY variants selected with packaging.version, as many libraries gate
features on the installed Numba."""
import numba
from numba import cuda
from packaging.version import Version

NUMBA_VERSION = Version(numba.__version__)
HAS_NEW_API = NUMBA_VERSION >= Version("0.55.0")

if HAS_NEW_API:
    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]
else:
    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
        if i < out.size:
            out[i] = a * x[i] - y[i]

if Version(numba.__version__) < Version("0.57"):
    _OFFSET = 1.0
else:
    _OFFSET = 0.0


@cuda.jit
def shifted_copy(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + _OFFSET
