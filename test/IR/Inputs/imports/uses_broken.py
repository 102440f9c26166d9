from numba import cuda
import broken


@cuda.jit
def k(a):
    a[0] = 1
