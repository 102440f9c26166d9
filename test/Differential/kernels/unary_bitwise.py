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


@cuda.jit
def unary_narrow_unsigned(u8, u16, u32, out):
    # ~ and - of an unsigned integer narrower than 64 bits happen in its
    # own width, then widen with zeros: ~uint8(1) is 254, -uint8(1) is 255.
    i = cuda.grid(1)
    if i < u8.size:
        out[i, 0] = ~u8[i]
        out[i, 1] = -u8[i]
        out[i, 2] = ~u16[i]
        out[i, 3] = -u16[i]
        out[i, 4] = ~u32[i]
        out[i, 5] = -u32[i]
        out[i, 6] = (~u8[i]) >> 4
        out[i, 7] = -u16[i] // 256
