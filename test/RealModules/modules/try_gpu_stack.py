"""A module that defines its GPU kernels only when the whole GPU stack
imports, as optional-acceleration packages do."""
import math

try:
    import numba
    import numpy as np
    from numba import cuda
    GPU_AVAILABLE = True
except ImportError:
    GPU_AVAILABLE = False

if GPU_AVAILABLE:
    _TWO_PI = 2.0 * math.pi

    @cuda.jit
    def phase_wrap(phase, out):
        i = cuda.grid(1)
        if i < phase.shape[0]:
            p = phase[i] % _TWO_PI
            if p > math.pi:
                p -= _TWO_PI
            out[i] = p
