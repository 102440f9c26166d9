# Reverse each block's slice of an array through a 1-d shared array.
from numba import cuda, float32, int32

BLOCK = 64


@cuda.jit
def block_reverse(a, out):
    s = cuda.shared.array(BLOCK, float32)
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * cuda.blockDim.x
    s[t] = a[base + t]
    cuda.syncthreads()
    out[base + t] = s[cuda.blockDim.x - 1 - t]


@cuda.jit
def block_rotate_int(a, shift, out):
    s = cuda.shared.array(shape=BLOCK, dtype=int32)
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    i = cuda.grid(1)
    s[t] = a[i]
    cuda.syncthreads()
    out[i] = s[(t + shift) % n]
