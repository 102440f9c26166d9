# Dynamic shared memory (cuda.shared.array of size 0), sized by `pykc run
# --shared BYTES`, beside a static shared array.
from numba import cuda, float32, int64


@cuda.jit
def reverse_block(a, sizes):
    buf = cuda.shared.array(0, dtype=float32)
    also = cuda.shared.array(0, dtype=int64)  # the same memory, as int64
    tile = cuda.shared.array(64, float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    tile[t % 64] = 1.0
    buf[t] = a[i]
    cuda.syncthreads()
    a[i] = buf[cuda.blockDim.x - 1 - t] + tile[0] - 1.0
    if i == 0:
        sizes[0] = buf.size
        sizes[1] = also.size
