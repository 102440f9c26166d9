from numba import cuda


@cuda.jit
def corner(a, out):
    # Out of bounds in the second row of threads of block 0 and the first
    # row of block 1: in block order the first to fail is thread (0, 1) of
    # block 0; a grid row's loop runs thread (0, 0) of block 1 before it.
    x, y = cuda.grid(2)
    i = 0
    if (y == 1 and x < 2) or (y == 0 and x >= 2):
        i = 5
    out[y, x] = a[i]
