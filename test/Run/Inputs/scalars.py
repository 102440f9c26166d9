from numba import cuda


@cuda.jit
def axpy(out, x, a, b, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a * x[i] + b


@cuda.jit
def fill_f(out, v):
    i = cuda.grid(2)
    out[i[0], i[1]] = v + i[0] * 10 + i[1]
