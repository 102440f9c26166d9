"""Kernels written for CuPy arrays: CuPy's scalar types in the kernel body."""
import cupy as cp
from numba import cuda


@cuda.jit
def quantize(x, out, step):
    i = cuda.grid(1)
    if i < x.shape[0]:
        q = cp.int32(x[i] / step)
        out[i] = cp.float32(q) * step


@cuda.jit
def to_indices(x, idx, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        k = cp.int32(x[i] * n)
        if k < 0:
            k = cp.int32(0)
        if k >= n:
            k = cp.int32(n - 1)
        idx[i] = k
