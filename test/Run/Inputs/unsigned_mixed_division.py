from numba import cuda
import numpy as np


@cuda.jit
def divide(u, out):
    # uint64 with an int64 (a literal is one): Numba types the result int64
    # and floors in int64, reading the uint64's bits as int64's.
    i = cuda.grid(1)
    if i < u.size:
        out[i, 0] = u[i] // 3
        out[i, 1] = u[i] % 1000
        out[i, 2] = -u[i] // 7
        out[i, 3] = u[i] // np.int64(-2)
