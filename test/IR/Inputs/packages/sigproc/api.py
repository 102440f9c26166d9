# Kernels compiled here from functions another module of the package
# defines: by module attribute and by a name imported from it.
from numba import cuda

from . import _kernels
from ._kernels import _shift

OFFSET = 100.0  # not the one the kernels read

scale = cuda.jit("void(float64[:], float64)")(_kernels._scale)
shift = cuda.jit(_shift)
