# Block-level tree reduction in shared memory: a loop of syncthreads with a
# halving stride; one partial sum per block.
from numba import cuda, float64, int64

BLOCK = 64


@cuda.jit
def block_sum(a, partial):
    s = cuda.shared.array(BLOCK, float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < a.size:
        s[t] = a[i]
    else:
        s[t] = 0.0
    cuda.syncthreads()
    stride = cuda.blockDim.x // 2
    while stride > 0:
        if t < stride:
            s[t] += s[t + stride]
        cuda.syncthreads()
        stride //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]


@cuda.jit
def block_max_int(a, partial):
    s = cuda.shared.array(BLOCK, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i]
    cuda.syncthreads()
    stride = BLOCK // 2
    while stride > 0:
        if t < stride:
            s[t] = max(s[t], s[t + stride])
        cuda.syncthreads()
        stride = stride >> 1
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]
