from numba import cuda


@cuda.jit
def increment_both(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1
        b[i] += 1


@cuda.jit
def copy(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i]
