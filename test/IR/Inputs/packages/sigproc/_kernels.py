# Plain functions that api.py makes kernels of, as libraries keep their
# kernels' bodies apart from where they compile them. Their globals (cuda,
# OFFSET) are this module's.
from numba import cuda

OFFSET = 0.5


def _scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * f + OFFSET


def _shift(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] -= OFFSET
