# Comparisons, chained comparisons, and their use as bool values and in
# branches, on ints and floats.
from numba import cuda


@cuda.jit
def compare_ints(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] < b[i]
        out[i, 1] = a[i] <= b[i]
        out[i, 2] = a[i] == b[i]
        out[i, 3] = a[i] != b[i]
        out[i, 4] = a[i] > b[i]
        out[i, 5] = a[i] >= b[i]
        out[i, 6] = -1 <= a[i] < 2
        out[i, 7] = a[i] < b[i] <= 1
        out[i, 8] = a[i] == b[i] == 0


@cuda.jit
def compare_floats(x, y, lo, hi, out):
    i = cuda.grid(1)
    if i < x.size:
        k = 0
        if lo < x[i] < hi:
            k += 1
        if x[i] < y[i] < hi:
            k += 10
        if x[i] >= y[i] != 0.0:
            k += 100
        if lo <= x[i] <= y[i] <= hi:
            k += 1000
        if x[i] == x[i]:
            k += 10000
        out[i] = k
