"""Kernels of the package: a runtime-compiled z-normalisation cached per
signature and a plain kernel using the config through an alias."""
from numba import cuda

from . import _config as cfg
from .core import window_mean, window_std

_compiled = {}


def _rolling_znorm(x, out):
    i = cuda.grid(1)
    m = x.shape[0] - cfg.WINDOW + 1
    if i < m:
        mu = window_mean(x, i)
        sd = window_std(x, i, mu)
        out[i] = (x[i + cfg.WINDOW - 1] - mu) / sd


def rolling_znorm(x, out, threads=64):
    sig = "void(float64[:], float64[:])"
    if sig not in _compiled:
        _compiled[sig] = cuda.jit(sig, fastmath=cfg.FASTMATH)(_rolling_znorm)
    _compiled[sig][(x.shape[0] + threads - 1) // threads, threads](x, out)


@cuda.jit(fastmath=cfg.FASTMATH)
def exclusion_mask(n_out, out):
    i = cuda.grid(1)
    zone = int(cfg.WINDOW / cfg.EXCL_ZONE_DENOM + 0.999)
    if i < out.shape[0]:
        out[i] = 1 if (abs(i - n_out) <= zone or cfg.ACCEL) else 0
