# Kernels that lean on Python's //, %, ** and shifts, for comparing the
# code two pykc builds generate for them (compare.sh): index arithmetic
# with // and %, float // and %, integer and float powers, and bit
# manipulation with shifts.
from numba import cuda


@cuda.jit
def tile_index(out, width):
    i = cuda.grid(1)
    if i < out.size:
        row = i // width
        col = i % width
        out[i] = row * 1000 + col - (i // 7) % 5


@cuda.jit
def wrap_around(out, a, shift):
    i = cuda.grid(1)
    n = a.size
    if i < n:
        out[i] = a[(i + shift) % n] - a[(i - shift) % n]


@cuda.jit
def float_divmod(out, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] // y[i] + x[i] % y[i]


@cuda.jit
def powers(out, x, n):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] ** 2 + x[i] ** n + (i ** 3) % 11


@cuda.jit
def bit_mix(out, a, k):
    i = cuda.grid(1)
    if i < out.size:
        v = a[i]
        out[i] = (v << k) ^ (v >> 3) ^ (v << 17) ^ (i >> k)
