"""A three-point smoothing stencil over tiles, as course notebooks write it.

Each block walks the array in tiles of its own size (a grid-stride loop),
stages a tile and its halo in shared memory, and synchronizes inside the
loop; threads whose index runs past the end leave the loop (and the kernel)
a turn early while the others still meet at the barriers.
"""
from numba import cuda, float64

BLOCK = 32
HALO = 1
WEIGHTS = (0.25, 0.5, 0.25)


@cuda.jit
def smooth(src, dst):
    tile = cuda.shared.array(BLOCK + 2 * HALO, float64)
    tx = cuda.threadIdx.x
    n = src.size
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        tile[tx + HALO] = src[i]
        if tx == 0:
            if i > 0:
                tile[0] = src[i - 1]
            else:
                tile[0] = src[i]
        last = min(BLOCK, n - (i - tx)) - 1
        if tx == last:
            if i + 1 < n:
                tile[tx + 2 * HALO] = src[i + 1]
            else:
                tile[tx + 2 * HALO] = src[i]
        cuda.syncthreads()
        dst[i] = (WEIGHTS[0] * tile[tx] + WEIGHTS[1] * tile[tx + HALO]
                  + WEIGHTS[2] * tile[tx + 2 * HALO])
        cuda.syncthreads()


@cuda.jit
def tile_ranks(src, ranks):
    # The rank of each element within its tile (how many are smaller), for
    # tiles cut by a grid-stride loop; the short last tile ranks alone.
    tile = cuda.shared.array(BLOCK, float64)
    tx = cuda.threadIdx.x
    n = src.size
    for i in range(cuda.grid(1), n, cuda.gridsize(1)):
        tile[tx] = src[i]
        cuda.syncthreads()
        size = min(BLOCK, n - (i - tx))
        r = 0
        for k in range(size):
            if tile[k] < tile[tx] or (tile[k] == tile[tx] and k < tx):
                r += 1
        ranks[i] = r
        cuda.syncthreads()
