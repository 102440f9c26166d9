"""A seismic-imaging style module: settings dict, version gate, optional
CuPy, kernels in a class, and a cached run-time compile."""
import math
import sys

import numba
from numba import cuda

try:
    import cupy as cp
    _XP_NAN = cp.nan
except ImportError:
    import numpy as cp
    _XP_NAN = float("nan")

_SETTINGS = {"velocity": 1500.0, "dt": 0.004, "taper": 0.1, "threads": 64}
VELOCITY = _SETTINGS["velocity"]
DT = _SETTINGS.get("dt", 0.002)
TAPER = _SETTINGS.get("taper", 0.0)
THREADS = _SETTINGS["threads"]

if numba.__version__ >= "0.56" and sys.version_info >= (3, 7):
    _TWO_WAY = 2.0
else:
    _TWO_WAY = 1.0


class Migration:
    """Travel-time kernels."""

    @staticmethod
    @cuda.jit
    def travel_time(offsets, depths, out):
        i, j = cuda.grid(2)
        if i < offsets.shape[0] and j < depths.shape[0]:
            dist = math.sqrt(offsets[i] * offsets[i] + depths[j] * depths[j])
            out[i, j] = _TWO_WAY * dist / VELOCITY / DT

    @staticmethod
    @cuda.jit
    def taper_edges(trace):
        i = cuda.grid(1)
        n = trace.shape[0]
        edge = int(TAPER * n)
        if i < n:
            if i < edge:
                trace[i] *= 0.5 * (1.0 - math.cos(math.pi * i / edge))
            elif i >= n - edge:
                trace[i] *= 0.5 * (1.0 - math.cos(math.pi * (n - 1 - i) / edge))


def _mute_kernel(trace, t0):
    i = cuda.grid(1)
    if i < trace.shape[0] and i * DT < t0:
        trace[i] = _XP_NAN if False else 0.0


_MUTE = {}


def mute(trace, t0):
    if "f8" not in _MUTE:
        _MUTE["f8"] = cuda.jit("void(float64[:], float64)")(_mute_kernel)
    _MUTE["f8"][(trace.shape[0] + THREADS - 1) // THREADS, THREADS](trace, t0)
