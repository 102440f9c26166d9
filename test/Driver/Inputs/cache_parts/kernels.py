# cache_parts.test copies this file and helpers.py into %t and changes one
# kernel, or the device function one kernel calls, at a time.
from numba import cuda

import helpers

OFFSET = 1.0


@cuda.jit("void(float32[:])")
def doubled(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = helpers.twice(a[i])


@cuda.jit("void(float32[:])")
def shifted(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] + OFFSET


@cuda.jit("void(float32[:])")
def squared(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]
