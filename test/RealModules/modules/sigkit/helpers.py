"""Device helpers shared by the package's kernels."""
from numba import cuda

from . import config


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@cuda.jit(device=True)
def safe_div(a, b):
    return a / (b + config.EPS)
