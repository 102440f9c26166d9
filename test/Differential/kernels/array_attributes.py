# a.shape, a.size, len(a) and `m, n = a.shape` on 1-d, 2-d and 3-d arrays.
from numba import cuda


@cuda.jit
def attributes(a, B, C, out):
    if cuda.grid(1) == 0:
        out[0] = a.shape[0]
        out[1] = a.size
        out[2] = len(a)
        m, n = B.shape
        out[3] = m
        out[4] = n
        out[5] = B.size
        out[6] = len(B)
        p, q, r = C.shape
        out[7] = p * 100 + q * 10 + r
        out[8] = C.size
        out[9] = len(C)
        out[10] = C.shape[2]
        out[11] = B.shape[1] * C.shape[1]
