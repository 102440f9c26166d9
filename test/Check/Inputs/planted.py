"""Kernels with the bugs `pykc run --check` finds, each next to its fix."""
from numba import cuda, float32, int32

TPB = 32


@cuda.jit
def reduce_missing_sync(a, out):
    # A block's sum in shared memory, missing the barrier inside the loop.
    sdata = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    sdata[tid] = a[cuda.grid(1)]
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            sdata[tid] += sdata[tid + s]
        s //= 2
    if tid == 0:
        out[cuda.blockIdx.x] = sdata[0]


@cuda.jit
def reduce_ok(a, out):
    sdata = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    sdata[tid] = a[cuda.grid(1)]
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            sdata[tid] += sdata[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        out[cuda.blockIdx.x] = sdata[0]


@cuda.jit
def histogram_plain(keys, bins):
    # A shared histogram counted with += instead of cuda.atomic.add.
    h = cuda.shared.array(8, int32)
    tid = cuda.threadIdx.x
    if tid < 8:
        h[tid] = 0
    cuda.syncthreads()
    h[keys[cuda.grid(1)] % 8] += 1
    cuda.syncthreads()
    if tid < 8:
        cuda.atomic.add(bins, tid, h[tid])


@cuda.jit
def histogram_atomic(keys, bins):
    h = cuda.shared.array(8, int32)
    tid = cuda.threadIdx.x
    if tid < 8:
        h[tid] = 0
    cuda.syncthreads()
    cuda.atomic.add(h, keys[cuda.grid(1)] % 8, 1)
    cuda.syncthreads()
    if tid < 8:
        cuda.atomic.add(bins, tid, h[tid])


@cuda.jit
def tile_unfilled(a, out):
    # Reads its neighbour's element of the tile before any barrier.
    tile = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    tile[tid] = a[cuda.grid(1)]
    out[cuda.grid(1)] = tile[(tid + 1) % TPB]


@cuda.jit
def tile_filled(a, out):
    tile = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    tile[tid] = a[cuda.grid(1)]
    cuda.syncthreads()
    out[cuda.grid(1)] = tile[(tid + 1) % TPB]


@cuda.jit
def tile_half(a, out):
    # Only half the tile is filled, then every thread reads its element.
    tile = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    if tid < TPB // 2:
        tile[tid] = a[cuda.grid(1)]
    cuda.syncthreads()
    out[cuda.grid(1)] = tile[tid]


@cuda.jit
def local_unset(a, out):
    # A local accumulator whose last element is never set.
    acc = cuda.local.array(4, float32)
    for k in range(3):
        acc[k] = a[cuda.grid(1)]
    out[cuda.grid(1)] = acc[0] + acc[3]


@cuda.jit
def barrier_half(a, out):
    # The lower half of the block waits at one barrier, the upper at another.
    tile = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    tile[tid] = a[cuda.grid(1)]
    if tid < TPB // 2:
        cuda.syncthreads()
        out[cuda.grid(1)] = tile[tid + TPB // 2]
    else:
        cuda.syncthreads()
        out[cuda.grid(1)] = tile[tid - TPB // 2]


@cuda.jit
def barrier_after_return(a, out):
    # Threads past the end return; the rest meet at the barrier (fine).
    tile = cuda.shared.array(TPB, float32)
    i = cuda.grid(1)
    tid = cuda.threadIdx.x
    if i >= a.shape[0]:
        return
    tile[tid] = a[i]
    cuda.syncthreads()
    out[i] = tile[tid]


@cuda.jit
def shfl_wrong_mask(a, out):
    # A warp sum whose mask names only the lower 16 lanes.
    v = a[cuda.grid(1)]
    offset = 16
    while offset > 0:
        v += cuda.shfl_down_sync(0xFFFF, v, offset)
        offset //= 2
    out[cuda.grid(1)] = v


@cuda.jit
def shfl_full_mask(a, out):
    v = a[cuda.grid(1)]
    offset = 16
    while offset > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    out[cuda.grid(1)] = v


@cuda.jit
def warp_synchronous(a, out):
    # Lanes exchange through shared memory, ordered by syncwarp (no race).
    buf = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    buf[tid] = a[cuda.grid(1)]
    cuda.syncwarp()
    out[cuda.grid(1)] = buf[TPB - 1 - tid]


@cuda.jit
def out_of_bounds(a, out):
    i = cuda.grid(1)
    out[i] = a[i + 1]


@cuda.jit
def tiles_missing_sync(a, out):
    # Every thread sums all of a, a tile at a time, missing the barrier
    # before the next tile overwrites the one slower threads still read.
    tile = cuda.shared.array(TPB, float32)
    i = cuda.grid(1)
    tid = cuda.threadIdx.x
    acc = float32(0)
    for t in range(a.shape[0] // TPB):
        tile[tid] = a[t * TPB + tid]
        cuda.syncthreads()
        for k in range(TPB):
            acc += tile[k]
    out[i] = acc


@cuda.jit
def tiles_synced(a, out):
    tile = cuda.shared.array(TPB, float32)
    i = cuda.grid(1)
    tid = cuda.threadIdx.x
    acc = float32(0)
    for t in range(a.shape[0] // TPB):
        tile[tid] = a[t * TPB + tid]
        cuda.syncthreads()
        for k in range(TPB):
            acc += tile[k]
        cuda.syncthreads()
    out[i] = acc
