# Module constants built the way real modules build them: dict and list
# literals read with constant keys, .get with a default, float('nan') and
# float('inf'), strings, np.finfo limits, np.dtype(...).itemsize, math on
# constants, os.path on __file__, tuple unpacking, augmented assignment,
# annotated assignment, and cupy's scalar types and constants (NumPy's, as
# Numba sees them).
# RUN: %pykc %s --sig 'k(float64[::1], float32[::1])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
import math
import os
import numpy as np
import cupy as cp
from numba import cuda

_DEFAULTS = {"EPS": 1e-6, "TPB": 16, "MODE": "fast"}
EPS = _DEFAULTS["EPS"]
TPB = _DEFAULTS.get("TPB", 8)
WARPS = _DEFAULTS.get("WARPS", 4)
SIZES = [3, 5, 7]
MIDDLE = SIZES[1] + SIZES[-1]
NAN = float("nan")
INF = float("-inf")
FAST = 1 if _DEFAULTS["MODE"] + "er" == "faster" else 0
TINY = np.finfo(np.float32).eps
SQRT2 = math.sqrt(2.0)
HERE = os.path.basename(os.path.dirname(os.path.abspath(__file__)))
IN_IR = 1 if HERE == "IR" else 0
ROWS, COLS = 4, 8
COLS += 2
HALF: float = 0.5
SCALE = cp.float32(2.5)
LIMIT = cp.iinfo(cp.int16).max
N = 7
FORMATTED = 1 if f"{N:03d}|{N!r}|{'x'}|{N * 2.5:.2f}|{{}}|{(1, 2)}" == "007|7|x|17.50|{}|(1, 2)" else 0
PERCENT = 1 if "%dx%-3s|%.1f" % (16, "a", 0.25) == "16xa  |0.2" and str(2.5) + repr("q") == "2.5'q'" else 0
BITS = np.dtype(np.int32).itemsize * 8


@cuda.jit
def k(a, b):
    a[0] = EPS + TPB + WARPS + MIDDLE + FAST + IN_IR + ROWS * COLS + HALF + LIMIT
    a[1] = NAN + FORMATTED + PERCENT
    a[2] = INF + TINY + SQRT2
    a[3] = BITS
    b[0] = SCALE * cp.float32(cp.pi)

# CHECK-LABEL: kernel k(a: array(float64, 1d, C), b: array(float32, 1d, C))
# CHECK-NEXT: a[0] = ((((((((1e-06 + float64(16)) + float64(4)) + float64(12)) + float64(1)) + float64(1)) + float64((4 * 10))) + 0.5) + float64(32767))
# CHECK-NEXT: a[1] = ((nan + float64(1)) + float64(1))
# CHECK-NEXT: a[2] = ((-inf + 1.1920928955078125e-07) + 1.4142135623730951)
# CHECK-NEXT: a[3] = float64(32)
# CHECK-NEXT: b[0] = (float32(2.5) * float32(3.141592653589793))
