from numba import cuda


@cuda.jit(device=True)
def twice(x):
    return x + x
