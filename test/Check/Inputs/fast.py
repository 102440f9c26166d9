# Kernels whose global accesses cannot race by construction (each written
# array indexed by the thread's own cuda.grid() coordinates, the others only
# read): --check runs them with bounds checks only when the launch keeps
# that guarantee (codegen/CPUCheckFast.h), with the same reports.
from numba import cuda


@cuda.jit
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def saxpy_unguarded(a, x, y):
    i = cuda.grid(1)
    y[i] = a * x[i] + y[i]


@cuda.jit
def stencil(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])


@cuda.jit
def shift_left(y):
    # Not by construction: thread i writes y[i] and reads y[i + 1].
    i = cuda.grid(1)
    if i < y.size - 1:
        y[i] = y[i + 1]


@cuda.jit
def loop_index(y):
    # i is a loop index after the grid: every thread writes y[0..2].
    i = cuda.grid(1)
    for i in range(3):
        y[i] = 1.0
