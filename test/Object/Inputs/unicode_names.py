from numba import cuda


@cuda.jit
def kΩ(a):
    a[0] = 1


@cuda.reduce
def rΩ(a, b):
    return a + b
