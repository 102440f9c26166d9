"""A device function that comes from a vendor module when it is installed,
and is defined here otherwise."""
import math

from numba import cuda

try:
    from _vendor_fastops_xyz.cuda_ops import fused_axpb  # noqa: F401
except ImportError:
    @cuda.jit(device=True)
    def fused_axpb(a, x, b):
        return a * x + b

try:
    import _another_missing_xyz  # noqa: F401
    _BIAS = 100.0
except (ImportError, ModuleNotFoundError):
    _BIAS = math.e


@cuda.jit
def affine(x, out, a):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = fused_axpb(a, x[i], _BIAS)
