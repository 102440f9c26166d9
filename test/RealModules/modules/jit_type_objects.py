"""Signatures written with Numba's type objects instead of strings."""
from numba import cuda, float32, float64, int32, void
from numba import types


@cuda.jit(float32(float32, float32), device=True)
def smoothstep(edge, x):
    t = x / edge
    if t < 0:
        t = float32(0)
    if t > 1:
        t = float32(1)
    return t * t * (float32(3) - float32(2) * t)


@cuda.jit(void(float32[:], float32))
def smooth(x, edge):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = smoothstep(edge, x[i])


@cuda.jit(void(float64[:, :], int32))
def add_row_index(a, base):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] += base + i


@cuda.jit(types.void(types.int64[:], types.int64))
def fill_mod(a, m):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = i % m


# A signature object held in a constant, and types.Array with its layout.
SCALE_SIG = void(types.Array(types.float64, 2, "C"), float64)


@cuda.jit(SCALE_SIG)
def scale_rows(a, k):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] *= k * (i + 1)
