"""Numerical constants from np.finfo and math, as numerics code keeps them."""
import math

import numpy as np
from numba import cuda

EPS32 = np.finfo(np.float32).eps
EPS64 = np.finfo(np.float64).eps
TINY = np.finfo(np.float64).tiny
SQRT2 = math.sqrt(2.0)
INV_SQRT2 = 1.0 / SQRT2
LOG2E = 1.0 / math.log(2.0)
TAU = 2 * math.pi
DEG = math.pi / 180.0


@cuda.jit
def safe_log2(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = abs(x[i])
        if v < TINY:
            v = TINY
        out[i] = math.log(v) * LOG2E + EPS64


@cuda.jit
def rotate45(xy, out):
    i = cuda.grid(1)
    if i < xy.shape[0]:
        x = xy[i, 0]
        y = xy[i, 1]
        out[i, 0] = (x - y) * INV_SQRT2
        out[i, 1] = (x + y) * INV_SQRT2
        out[i, 2] = math.cos(45.0 * DEG) + EPS32 + TAU * 0.0
