# A 2-d shared tile: transpose through shared memory, and a 3-point
# neighbour average inside the tile.
from numba import cuda, float64

TILE = 8


@cuda.jit
def tile_transpose(a, out):
    tile = cuda.shared.array((TILE, TILE), float64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x, y = cuda.grid(2)
    tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    bx = cuda.blockIdx.x * TILE
    by = cuda.blockIdx.y * TILE
    out[bx + ty, by + tx] = tile[tx, ty]


@cuda.jit
def tile_smooth(a, out):
    tile = cuda.shared.array((TILE, TILE), float64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x, y = cuda.grid(2)
    tile[tx, ty] = a[x, y]
    cuda.syncthreads()
    v = tile[tx, ty]
    n = 1
    if tx > 0:
        v += tile[tx - 1, ty]
        n += 1
    if tx < TILE - 1:
        v += tile[tx + 1, ty]
        n += 1
    out[x, y] = v / n
