from numba import cuda


@cuda.jit
def literal_powers(out):
    # CPython folds each of these before Numba sees the bytecode.
    out[0] = 3 ** -2
    out[1] = (-2) ** -3
    out[2] = 2.0 ** -1040
    out[3] = 0.3 ** 13
    out[4] = 2 ** -1 * 8
    out[5] = -2 ** 2
    out[6] = 1.0000001 ** 1000
    out[7] = 2 ** 10 ** 1


@cuda.jit
def variable_power(x, out):
    # Not literals: Numba's integer power, which truncates 3 ** -2 to 0.
    out[0] = x[0] ** x[1]
