# Matrix transpose through a shared-memory tile (padded against bank
# conflicts), the classic CUDA sample written in Numba: reads and writes of
# global memory are both coalesced.
from numba import cuda, float32

TILE = 32
ROWS = 8
# Numba takes a shared array's shape from literals and module globals
# only: `TILE + 1` written in the kernel would not type there.
PADDED = TILE + 1


@cuda.jit
def transpose(a, b):
    tile = cuda.shared.array(shape=(TILE, PADDED), dtype=float32)
    x = cuda.blockIdx.x * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE + cuda.threadIdx.y
    for k in range(0, TILE, ROWS):
        if x < a.shape[1] and y + k < a.shape[0]:
            tile[cuda.threadIdx.y + k, cuda.threadIdx.x] = a[y + k, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE + cuda.threadIdx.y
    for k in range(0, TILE, ROWS):
        if x < b.shape[1] and y + k < b.shape[0]:
            b[y + k, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y + k]
