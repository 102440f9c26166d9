# The kernel whose launch cost bench/launch_overhead measures: one array
# argument (so argument flattening is part of the cost) and almost no work.
from numba import cuda


@cuda.jit('void(float32[:])')
def touch(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1
