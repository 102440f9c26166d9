# 1-d arrays of every supported dtype: float32, float64, int32, int64, uint8
# and bool, read and written.
from numba import cuda


@cuda.jit
def scale_float32(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i] - a[i]


@cuda.jit
def scale_float64(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i] - a[i] * 0.5


@cuda.jit
def ints_mixed(a32, b64, out32, out64):
    i = cuda.grid(1)
    if i < a32.size:
        out32[i] = a32[i] * 3 - 7
        out64[i] = b64[i] * a32[i] + i


@cuda.jit
def uint8_bool(u, flags, count, out):
    i = cuda.grid(1)
    if i < u.size:
        # uint8 values stay below 128, so the sum fits any width.
        out[i] = u[i] + u[i] // 2
        flags[i] = u[i] > 60
        if flags[i]:
            count[i] = 1
        else:
            count[i] = 0
