# The fixed kernels the runtime fuzzer (RuntimeFuzzer.cpp) launches through
# the C and C++ APIs, compiled with `pykc -c --header` when it is built.
from numba import cuda


@cuda.jit("void(float32, float32[:], float32[:])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit("void(float64[:, :], float64[:, :])")
def copy2d(dst, src):
    i, j = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        dst[i, j] = src[i, j]
