# The special registers threadIdx, blockIdx, blockDim and gridDim, every
# component, for 1-d and 3-d launches.
from numba import cuda


@cuda.jit
def registers_1d(tid, bid, bdim, gdim):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    tid[i] = cuda.threadIdx.x
    bid[i] = cuda.blockIdx.x
    bdim[i] = cuda.blockDim.x
    gdim[i] = cuda.gridDim.x


@cuda.jit
def registers_3d(out):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tz = cuda.threadIdx.z
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y
    bz = cuda.blockIdx.z
    # Linear thread number: threads of a block, then blocks, x fastest.
    t = tx + cuda.blockDim.x * (ty + cuda.blockDim.y * tz)
    b = bx + cuda.gridDim.x * (by + cuda.gridDim.y * bz)
    n = b * (cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z) + t
    out[n, 0] = tx
    out[n, 1] = ty
    out[n, 2] = tz
    out[n, 3] = bx
    out[n, 4] = by
    out[n, 5] = bz
    out[n, 6] = cuda.blockDim.x
    out[n, 7] = cuda.blockDim.y
    out[n, 8] = cuda.blockDim.z
    out[n, 9] = cuda.gridDim.x
    out[n, 10] = cuda.gridDim.y
    out[n, 11] = cuda.gridDim.z
