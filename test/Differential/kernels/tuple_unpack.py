# Tuple unpacking: swaps, unpacking of cuda.grid and shapes, and of tuple
# displays with mixed types.
from numba import cuda


@cuda.jit
def unpack(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        x, y = a[i], b[i]
        if x > y:
            x, y = y, x
        lo, hi, mid = x, y, (x + y) / 2
        p, q = i, i * 0.5
        out[i, 0] = lo
        out[i, 1] = hi
        out[i, 2] = mid
        out[i, 3] = p + q
        m, n = out.shape
        out[i, 4] = m * 10 + n


@cuda.jit
def fib_pairs(out):
    i = cuda.grid(1)
    if i < out.size:
        a, b = 0, 1
        for k in range(i % 40):
            a, b = b, a + b
        out[i] = a
