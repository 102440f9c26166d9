from numba import cuda


@cuda.jit
def weigh(t, u, out):
    # a tuple of a scalar and a tuple, and a tuple holding an array
    i = cuda.grid(1)
    if i < out.size:
        a, (b, c) = t
        w, v = u
        out[i] = a + b * c + w * v[i]
