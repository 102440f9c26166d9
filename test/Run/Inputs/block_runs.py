from numba import cuda


@cuda.jit
def ids(out):
    # Each thread writes its linear index in the grid (blocks and threads
    # x fastest), so every element is written once, by the right thread.
    block = cuda.blockIdx.x + cuda.gridDim.x * (cuda.blockIdx.y + cuda.gridDim.y * cuda.blockIdx.z)
    thread = cuda.threadIdx.x + cuda.blockDim.x * (cuda.threadIdx.y + cuda.blockDim.y * cuda.threadIdx.z)
    size = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
    g = block * size + thread
    if g < out.size:
        out[g] = g
