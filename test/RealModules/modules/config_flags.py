"""Feature flags as module constants picking which kernels exist."""
from numba import cuda
from numba import int64 as numba_int64

DEBUG = False
USE_SHARED_MEMORY = True
TILE = 16

if DEBUG:
    @cuda.jit
    def reverse_tiles(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = -999
elif USE_SHARED_MEMORY:
    @cuda.jit
    def reverse_tiles(x, out):
        """Reverses each tile of TILE elements through shared memory."""
        tile = cuda.shared.array(TILE, dtype=numba_int64)
        t = cuda.threadIdx.x
        i = cuda.blockIdx.x * TILE + t
        if i < x.size:
            tile[t] = x[i]
        cuda.syncthreads()
        j = cuda.blockIdx.x * TILE + (TILE - 1 - t)
        if i < x.size and j < x.size:
            out[i] = tile[TILE - 1 - t]
else:
    @cuda.jit
    def reverse_tiles(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i]
