# Indices that only look non-negative: variables that are sometimes
# assigned a negative value, a loop index read after a loop that counts
# down, `%` by a negative divisor, `&` of two negative values, and a
# conversion of a large unsigned value. Each must still wrap around as
# Python's rule says (pykc leaves the wrap out only where it can prove the
# index is at least 0).
from numba import cuda, int32, uint32


@cuda.jit
def sometimes_negative(a, out):
    i = cuda.grid(1)
    if i < out.size:
        k = i
        if i % 2 == 1:
            k = -1 - i  # counts from the end
        out[i] = a[k]


@cuda.jit
def after_countdown(a, out):
    i = cuda.grid(1)
    if i < out.size:
        j = 0
        for j in range(i, -3, -2):
            out[i] += a[j]
        out[i] += 100.0 * a[j]


@cuda.jit
def signed_operators(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i % -3] + 10.0 * a[(-1 - i) & -2] + 100.0 * a[i // -4]


@cuda.jit
def narrowed(a, out):
    i = cuda.grid(1)
    if i < out.size:
        big = uint32(4294967295) - uint32(i)  # -1 - i as an int32
        out[i] = a[int32(big)]


@cuda.jit
def grown_in_loop(a, out):
    i = cuda.grid(1)
    if i < out.size:
        k = i
        n = 0
        while n < 3:
            k = k - 2
            n += 1
        out[i] = a[k]
