# Arithmetic across integer widths: int32 with int64, uint8 promoted, results
# stored into narrower and wider arrays.
from numba import cuda


@cuda.jit
def widen(a32, b64, u8, out64, out32):
    i = cuda.grid(1)
    if i < a32.size:
        out64[i, 0] = a32[i] + b64[i]
        out64[i, 1] = a32[i] * u8[i]
        out64[i, 2] = u8[i] * 3 - 200
        out64[i, 3] = a32[i] * a32[i] * a32[i]
        out64[i, 4] = b64[i] // (u8[i] + 1)
        out32[i] = a32[i] + u8[i]


@cuda.jit
def index_with_int32(a, idx, out):
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = a[idx[i]] + a[idx[i] // 2]
