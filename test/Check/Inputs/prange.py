"""prange loops whose iterations race, each next to its fix."""
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def smooth_in_place(a):
    # Iteration i reads a[i + 1], which iteration i + 1 writes.
    for i in prange(a.shape[0] - 1):
        a[i] = (a[i] + a[i + 1]) / 2


@njit(parallel=True)
def smooth(a, out):
    for i in prange(a.shape[0] - 1):
        out[i] = (a[i] + a[i + 1]) / 2


@njit(parallel=True)
def histogram(keys, bins):
    # Iterations with equal keys count into one bin.
    for i in prange(keys.shape[0]):
        bins[keys[i] % 4] += 1


@njit(parallel=True)
def row_sums(m, out):
    # Each iteration owns its row; the inner loop runs in order within it.
    for i in prange(m.shape[0]):
        s = 0.0
        for j in range(m.shape[1]):
            s += m[i, j]
        out[i] = s
    total = 0.0
    for k in prange(out.shape[0]):
        total += out[k]
    out[0] = total
