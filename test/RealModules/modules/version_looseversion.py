"""A clipping kernel guarded with distutils' LooseVersion, the idiom of
older scientific packages."""
from distutils.version import LooseVersion

import numba
from numba import cuda

if LooseVersion(numba.__version__) >= LooseVersion("0.53"):
    CLIP_LO, CLIP_HI = -2.0, 2.0
else:
    CLIP_LO, CLIP_HI = -1.0, 1.0

if LooseVersion(numba.__version__) < "0.45":
    raise RuntimeError("numba too old")


@cuda.jit
def clip_inplace(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        v = a[i, j]
        if v < CLIP_LO:
            v = CLIP_LO
        elif v > CLIP_HI:
            v = CLIP_HI
        a[i, j] = v
