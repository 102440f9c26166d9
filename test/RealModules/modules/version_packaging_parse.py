"""An activation kernel whose formula depends on the Numba release
(packaging.version.parse, the module imported under an alias)."""
import math

import numba
from numba import cuda
from packaging import version as pkg_version

if pkg_version.parse(numba.__version__) < pkg_version.parse("0.50"):
    _USE_ERF = False
elif pkg_version.parse(numba.__version__) >= pkg_version.parse("1.0"):
    _USE_ERF = False
else:
    _USE_ERF = True

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@cuda.jit(device=True)
def gelu(x):
    if _USE_ERF:
        return 0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))
    return 0.5 * x * (1.0 + math.tanh(_SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))


@cuda.jit
def gelu_kernel(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = gelu(x[i])
