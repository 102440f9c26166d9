from numba import cuda


@cuda.jit
def affine(a, s, t, out):
    # out = a * s + t, each in the complex type its operands give.
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * s + t
