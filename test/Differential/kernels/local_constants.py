# A shared array's shape held in a local bound once to a constant, and an
# @njit function called from a kernel (compiled as a device function).
from numba import cuda, float32, njit


@njit
def scale(x):
    return 3 * x + 1


@cuda.jit
def shape_from_local(a, out):
    n = 16
    sm = cuda.shared.array(n, float32)
    t = cuda.threadIdx.x
    if t < n:
        sm[t] = a[t]
    cuda.syncthreads()
    if t < n:
        out[t] = scale(sm[n - 1 - t])
