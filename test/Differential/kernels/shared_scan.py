# Inclusive prefix sum of each block (Hillis-Steele) with two shared buffers
# and a syncthreads after every step.
from numba import cuda, int32

BLOCK = 32


@cuda.jit
def block_scan(a, out):
    buf0 = cuda.shared.array(BLOCK, int32)
    buf1 = cuda.shared.array(BLOCK, int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf0[t] = a[i]
    cuda.syncthreads()
    offset = 1
    src = 0
    while offset < BLOCK:
        if src == 0:
            v = buf0[t]
            if t >= offset:
                v += buf0[t - offset]
            buf1[t] = v
        else:
            v = buf1[t]
            if t >= offset:
                v += buf1[t - offset]
            buf0[t] = v
        cuda.syncthreads()
        src = 1 - src
        offset *= 2
    if src == 0:
        out[i] = buf0[t]
    else:
        out[i] = buf1[t]
