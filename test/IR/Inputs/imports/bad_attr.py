from numba import cuda
import helpers


@cuda.jit
def k(a):
    a[0] = helpers.nothing
