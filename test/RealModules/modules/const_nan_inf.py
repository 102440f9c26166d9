"""Masking invalid samples with NaN and infinity sentinels."""
import math

from numba import cuda

NAN = float("nan")
INF = float("inf")
NEG_INF = -float("inf")
_FILL = float("0.0")


@cuda.jit
def mask_invalid(x, valid, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] if valid[i] else NAN


@cuda.jit
def nan_to_num(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        if math.isnan(v):
            v = _FILL
        elif v == INF:
            v = 1e300
        elif v == NEG_INF:
            v = -1e300
        out[i] = v


@cuda.jit
def running_min_max(x, out_min, out_max):
    """One thread per row: min and max, starting from +-inf."""
    r = cuda.grid(1)
    if r < x.shape[0]:
        lo = INF
        hi = NEG_INF
        for j in range(x.shape[1]):
            lo = min(lo, x[r, j])
            hi = max(hi, x[r, j])
        out_min[r] = lo
        out_max[r] = hi
