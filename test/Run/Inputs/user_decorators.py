# Kernels and device functions made by the program's own decorators.
from numba import cuda


def gpu(fn):
    return cuda.jit(fn)


def device(fn):
    made = cuda.jit(device=True)(fn)
    return made


def fast_gpu(fn, fastmath=True):
    return cuda.jit(fastmath=fastmath)(fn)


def timed(fn):
    def wrapper(*args):
        return fn(*args)
    return wrapper


@device
def square(x):
    return x * x


@gpu
def squares(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = square(a[i]) + 1.0


@fast_gpu
def halves(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 0.5


@timed
def host_only(a):
    return a
