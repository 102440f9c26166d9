# A histogram without atomics: thread b counts the values that fall in bin b
# by scanning all of the data.
from numba import cuda


@cuda.jit
def histogram(data, nbins, counts):
    b = cuda.grid(1)
    if b < nbins:
        width = 256 // nbins
        c = 0
        for k in range(data.size):
            if data[k] // width == b:
                c += 1
        counts[b] = c


@cuda.jit
def bool_count(flags, out):
    i = cuda.grid(1)
    if i < flags.shape[0]:
        c = 0
        for j in range(flags.shape[1]):
            if flags[i, j]:
                c += 1
        out[i] = c
