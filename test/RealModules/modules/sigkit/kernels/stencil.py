"""`from ..core import ops` and `from ..core.ops import rms2`."""
from numba import cuda

from ..core import ops
from ..core.ops import rms2
from ..helpers import clamp


@cuda.jit
def crossfade(a, b, out, w):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = ops.mix(a[i], b[i], clamp(w, 0.0, 1.0))


@cuda.jit
def pair_rms(x, out):
    i = cuda.grid(1)
    if i + 1 < x.shape[0]:
        out[i] = rms2(x[i], x[i + 1])
