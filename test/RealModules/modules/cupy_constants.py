"""CuPy's constants as module constants and inside kernels."""
import math

import cupy as cp
from numba import cuda

SCALE = cp.float32(2.5)
TWO_PI = 2 * cp.pi
MISSING = cp.nan
CEILING = cp.inf
LN_BASE = math.log(cp.e)


@cuda.jit
def polar_to_phase(angle, out):
    i = cuda.grid(1)
    if i < angle.shape[0]:
        a = angle[i] * SCALE
        out[i] = a - TWO_PI * math.floor(a / TWO_PI)


@cuda.jit
def clean(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        if v < 0:
            v = MISSING
        elif v > 100.0:
            v = CEILING
        out[i] = v * LN_BASE + cp.e - cp.e


@cuda.jit
def wave(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = math.sin(cp.pi * i / out.shape[0]) + (cp.inf if i == 0 else 0.0)
