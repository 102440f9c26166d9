# Kernels the CPU-backend benchmark adds to the documents' increment and
# matmuls: saxpy and a five-point stencil, written as a Numba user writes
# them (threads' x along the row, so neighbouring threads touch neighbouring
# elements, as coalescing on a GPU wants).
from numba import cuda


@cuda.jit
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def stencil(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])
