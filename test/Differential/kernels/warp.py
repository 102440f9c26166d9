from numba import cuda


@cuda.jit
def lanes(out):
    # The linear thread index within the block, x fastest, as CUDA numbers
    # the threads of a warp.
    k = (cuda.threadIdx.z * cuda.blockDim.y + cuda.threadIdx.y) * cuda.blockDim.x \
        + cuda.threadIdx.x
    b = (cuda.blockIdx.y * cuda.gridDim.x + cuda.blockIdx.x)
    n = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
    out[b * n + k, 0] = cuda.laneid
    out[b * n + k, 1] = cuda.warpsize
