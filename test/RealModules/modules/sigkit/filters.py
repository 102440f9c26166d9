"""Filters: relative imports of a sibling module and of its functions."""
from numba import cuda

from . import config
from .helpers import clamp, safe_div

CONFIG_EPS = config.EPS


@cuda.jit
def moving_average(x, out):
    i = cuda.grid(1)
    n = x.shape[0]
    if i < n:
        acc = 0.0
        cnt = 0
        for k in range(config.WINDOW):
            j = i - k
            if j >= 0:
                acc += x[j]
                cnt += 1
            elif config.SAME:
                acc += config.EDGE_VALUE
        out[i] = safe_div(acc, cnt)


@cuda.jit
def clipped_gain(x, out, limit):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = clamp(x[i] * config.GAIN, -limit, limit)
