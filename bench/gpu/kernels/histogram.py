# A 256-bin histogram of bytes with global atomics, one element per thread.
from numba import cuda


@cuda.jit
def histogram(data, bins):
    i = cuda.grid(1)
    if i < data.size:
        cuda.atomic.add(bins, data[i], 1)
