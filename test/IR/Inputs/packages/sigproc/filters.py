from numba import cuda

import sigproc.core.window
from . import config
from .core.window import taper
from .core import window as win


@cuda.jit
def apply(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = taper(a[i]) * config.GAIN + win.taper(0.0) + sigproc.core.window.taper(1.0)
