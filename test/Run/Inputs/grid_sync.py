# Kernels that synchronize their whole grid (cuda.cg.this_grid().sync()),
# launched cooperatively: rows written one at a time, each read back from
# another block's thread, then a total that needs every block's rows.
from numba import cuda


@cuda.jit(device=True)
def wait_for_grid(g):
    g.sync()


@cuda.jit("void(int32[:, ::1], int64[:])")
def rows_then_total(M, total):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    cols = M.shape[1]
    for row in range(1, M.shape[0]):
        # The opposite column belongs to another block: without the grid
        # barrier its previous row may not be written yet.
        M[row, col] = M[row - 1, cols - col - 1] + 1
        wait_for_grid(g)
    if col == 0:
        s = 0
        for r in range(M.shape[0]):
            for c in range(cols):
                s += M[r, c]
        total[0] = s


@cuda.jit("void(float64[:])")
def sync_group(A):
    cuda.cg.this_grid().sync()
    A[0] = 1.0


@cuda.jit("void(int64[:])")
def no_sync(A):
    A[0] = cuda.grid(1)
