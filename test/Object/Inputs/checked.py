"""Kernels for a C++ host run with PYKC_CHECK=1 (check_host.test)."""
from numba import cuda


@cuda.jit
def copy(src, dst):
    i = cuda.grid(1)
    dst[i] = src[i]


@cuda.jit
def count_plain(keys, bins):
    # Counts with += where cuda.atomic.add is needed.
    bins[keys[cuda.grid(1)] % 4] += 1
