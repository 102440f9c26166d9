from numba import cuda


@cuda.jit("void(float32[:])", fastmath_please=True)
def half(a):
    i = cuda.grid(1)
    a[i] = a[i] * 0.5


@cuda.jit(["void(float32[:])", "void(float32[::1])"])
def scale(a):
    i = cuda.grid(1)
    s = 0.
    s += a[i]
    a[i] = s
