from numba import cuda


@cuda.jit
def weigh(t, u, out):
    i = cuda.grid(1)
    if i < out.size:
        a, (b, c) = t
        out[i] = a + b * c + u[0] * u[1] + u[2] * i
