"""Interpreter and platform checks at import time."""
import sys

from numba import cuda

if sys.version_info >= (3, 8):
    WINDOW = 5
else:
    WINDOW = 3

if sys.version_info[:2] < (3, 6):
    raise ImportError("Python 3.6 or newer is required")

if sys.platform == "win32":
    _PAD = -1.0
elif sys.platform.startswith("linux"):
    _PAD = 0.0
else:
    _PAD = 1.0

_PY_MAJOR = sys.version_info[0]
_PY_MINOR = sys.version_info.minor


@cuda.jit
def box_filter(x, out):
    """Mean over a centred window of WINDOW samples, edges padded."""
    i = cuda.grid(1)
    n = x.shape[0]
    if i < n:
        acc = 0.0
        half = WINDOW // 2
        for k in range(-half, half + 1):
            j = i + k
            if 0 <= j < n:
                acc += x[j]
            else:
                acc += _PAD
        out[i] = acc / WINDOW


@cuda.jit
def python_tag(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = _PY_MAJOR * 100 + _PY_MINOR + i
