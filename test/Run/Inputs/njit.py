# @njit functions for `pykc call`: results of each kind, arrays changed in
# place, a declared signature, calls between @njit functions, and one that
# uses CUDA where the host has none.
import numpy as np
from numba import njit, prange, cuda, int32, set_num_threads

set_num_threads(3)


@njit
def total(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit("float64(float64, int64)")
def power(x, n):
    r = 1.0
    for _ in range(n):
        r *= x
    return r


@njit
def stats(a):
    lo = a[0]
    hi = a[0]
    for v in a:
        lo = min(lo, v)
        hi = max(hi, v)
    return lo, hi, hi > lo


@njit
def scale(a, f):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] *= f


@njit
def first_negative(a):
    for i in range(a.size):
        if a[i] < 0:
            return i
    return -1


@njit
def norm2(a):
    return np.sqrt(dot(a, a))


@njit
def dot(a, b):
    s = 0.0
    for i in range(a.size):
        s += a[i] * b[i]
    return s


@njit
def half(x):
    return x / np.float32(2)


@njit(parallel=True)
def par_stats(a):
    s = 0.0
    p = 1
    n = 0
    for i in prange(a.shape[0]):
        s += a[i]
        n -= 1
        if a[i] > 2:
            p *= 2
    return s, p, n


@njit(parallel=True)
def par_fill(a, v):
    for i in prange(1, a.shape[0]):
        a[i] = v * i


@njit(parallel=True)
def par_step(a):
    for i in prange(0, a.shape[0], 2):
        a[i] = 1


@njit(parallel=True)
def carried(a):
    last = 0
    for i in prange(a.shape[0]):
        last = a[i]
    return last


@njit
def on_gpu_only(a):
    a[0] = cuda.threadIdx.x


@njit
def ratio(a, b):
    return a // b


@njit(parallel=True)
def par_mod(a, d):
    s = 0
    for i in prange(a.shape[0]):
        s += a[i] % d[i]
    return s


@njit(parallel=True)
def par_extremes(a):
    hi = a[0]
    lo = a[0]
    for i in prange(a.shape[0]):
        hi = max(hi, a[i])
        lo = min(a[i], lo)
    return lo, hi


@njit
def split(a, b):
    q, r = divmod(a, b)
    return q * 100 + r
