# Python's round: round(x) is an int, halves to even (0.5 -> 0, 1.5 -> 2,
# -2.5 -> -2); round(x, n) rounds to n decimal digits (n < 0: to tens,
# hundreds, ...), as Numba computes it.
from numba import cuda


@cuda.jit
def rounding(x, n, ints, floats):
    i = cuda.grid(1)
    if i < x.size:
        ints[i, 0] = round(x[i])
        ints[i, 1] = round(x[i] + 0.5)
        ints[i, 2] = round(i - 7.5)
        floats[i, 0] = round(x[i], 2)
        floats[i, 1] = round(x[i], -1)
        floats[i, 2] = round(x[i] * 1000, n[i])
        floats[i, 3] = round(x[i], 0)
