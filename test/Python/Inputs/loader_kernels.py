# Kernels, a reduction and @njit functions for the Python loader's tests
# (test_loader.py), compiled with `pykc -c --shared` by loader.test.
import numpy as np
from numba import cuda, njit


@cuda.jit("void(float32[:, ::1], float64)")
def scale2d(a, f):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] *= f


@cuda.jit(["void(float32[:], float32[:], float32[:])", "void(int64[:], int64[:], int64[:])"])
def add(out, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]


@cuda.jit  # --sig 'ramp(float64[:], (float64, float64), int32)'
def ramp(a, coeffs, shift):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = coeffs[0] + coeffs[1] * (i + shift)


@cuda.jit("void(complex128[:], complex128)")
def rotate(a, z):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= z


@cuda.jit("void(int32[:])")
def block_sums(a):
    # The dynamic shared memory of the launch: one int32 per thread.
    s = cuda.shared.array(0, np.int32)
    t = cuda.threadIdx.x
    s[t] = a[cuda.grid(1)]
    cuda.syncthreads()
    if t == 0:
        total = 0
        for k in range(cuda.blockDim.x):
            total += s[k]
        a[cuda.grid(1)] = total


@cuda.reduce
def max_reduce(a, b):
    return a if a > b else b


@njit  # --sig 'describe(float32[:], complex128)'
def describe(a, z):
    s = 0.0
    for v in a:
        s += v
    return s, z * 2, s > 0


@njit  # --sig 'first_negative(int64[:])'
def first_negative(a):
    for v in a:
        if v < 0:
            return v
    return None
