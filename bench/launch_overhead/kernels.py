# The kernels whose launch cost bench/launch_overhead measures: almost no
# work, so the launch is the cost. touch4 takes four arrays, as a typical
# kernel does, so flattening arguments (12 kernel parameters) is part of it.
from numba import cuda


@cuda.jit('void(float32[:])')
def touch(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit('void(float32[:], float32[:], float32[:], float32[:])')
def touch4(a, b, c, d):
    i = cuda.grid(1)
    if i < d.size:
        d[i] = a[i] + b[i] + c[i]
