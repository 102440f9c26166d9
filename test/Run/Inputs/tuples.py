from numba import cuda


@cuda.jit
def weigh(t, u, out):
    i = cuda.grid(1)
    if i < out.size:
        a, (b, c) = t
        out[i] = a + b * c + u[0] * u[1] + u[2] * i


@cuda.jit
def add_rows(x):
    # A tuple of arrays (Numba's test_tuple_of_arrays): x[0] = x[1] + x[2].
    i = cuda.grid(1)
    if i < len(x[0]):
        x[0][i] = x[1][i] + x[2][i]


@cuda.jit
def lengths(r, x):
    # Empty tuples are arguments too: they pass nothing.
    r[0] = len(x)
    r[1] = len(x[0])
    r[2] = len(x[1])
    r[3] = x[1][1]
