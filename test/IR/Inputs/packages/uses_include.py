from numba import cuda
import consts


@cuda.jit
def k(a):
    a[0] = consts.BIAS
