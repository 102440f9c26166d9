"""Kernels made by calling cuda.jit on plain functions, the style of code
that keeps a CPU and a GPU version of each function."""
from numba import cuda


def _add_one(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] += 1.0


def _square(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] * x[i]


def _twice(v):
    return v + v


twice = cuda.jit(device=True)(_twice)


def _double_all(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = twice(x[i])


add_one = cuda.jit(_add_one)
square = cuda.jit("void(float32[:])")(_square)
double_all = cuda.jit(_double_all)
