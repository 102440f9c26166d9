# Unary minus, ~ on integers, shifts (amounts below 64) and & | ^.
from numba import cuda


@cuda.jit
def bitwise_int64(a, b, s, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = -a[i]
        out[i, 1] = ~a[i]
        out[i, 2] = a[i] & b[i]
        out[i, 3] = a[i] | b[i]
        out[i, 4] = a[i] ^ b[i]
        out[i, 5] = a[i] << s[i]
        out[i, 6] = a[i] >> s[i]
        out[i, 7] = (a[i] & 0xF0) >> 4
        out[i, 8] = (0 - a[i]) ^ -1
        out[i, 9] = 1 << (i % 40)


@cuda.jit
def bitwise_int32(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = ~a[i]
        out[i, 1] = a[i] & b[i]
        out[i, 2] = (a[i] | b[i]) ^ (a[i] & ~b[i])
        out[i, 3] = a[i] >> 2
        out[i, 4] = a[i] << 3
        out[i, 5] = -(a[i] ^ b[i])


@cuda.jit
def unary_float(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = -x[i] + (-(-x[i] * 2.0))
