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


@cuda.jit
def grid_ids(out):
    # Only cuda.grid(): the x threads of a grid row of blocks run as one
    # loop (codegen/CPUGridFusion.h). Each element gets its index in the
    # array, written by the one thread whose coordinates it has.
    x, y, z = cuda.grid(3)
    if z < out.shape[0] and y < out.shape[1] and x < out.shape[2]:
        out[z, y, x] = x + out.shape[2] * (y + out.shape[1] * z)


@cuda.jit(device=True)
def position():
    x, y = cuda.grid(2)
    return x, y


@cuda.jit
def grid_ids_2d(out):
    # The grid read in a device function, and Python's `//` (a function of
    # its own in the IR), inlined into the kernel's row-loop copy.
    x, y = position()
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = (2 * (x + out.shape[1] * y)) // 2
