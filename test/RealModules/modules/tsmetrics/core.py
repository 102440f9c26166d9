"""Device functions: windowed mean and standard deviation."""
import math

from numba import cuda

from . import _config as cfg


@cuda.jit(device=True)
def window_mean(x, start):
    s = 0.0
    for k in range(cfg.WINDOW):
        s += x[start + k]
    return s / cfg.WINDOW


@cuda.jit(device=True)
def window_std(x, start, mean):
    s = 0.0
    for k in range(cfg.WINDOW):
        d = x[start + k] - mean
        s += d * d
    return math.sqrt(s / (cfg.WINDOW - cfg.DDOF)) + cfg.STD_EPS
