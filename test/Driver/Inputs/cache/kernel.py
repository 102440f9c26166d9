# The compile cache's tests copy this file and helpers.py into %t and
# change one thing at a time.
from numba import cuda

import helpers

SCALE = 2.0


@cuda.jit("void(float32[:])")
def scale(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = helpers.twice(a[i]) * SCALE + 1.0
