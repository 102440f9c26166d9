"""Global-memory races across blocks, each next to its fix."""
from numba import cuda, float32, int32

TPB = 32


@cuda.jit
def last_block_sum(a, partial, count, out):
    # Each block sums its part; the last block to finish sums the partial
    # sums. The threadfence before the ticket orders each block's partial
    # sum before the last block's reads of it.
    sdata = cuda.shared.array(TPB, float32)
    last = cuda.shared.array(1, int32)
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
        partial[cuda.blockIdx.x] = sdata[0]
        cuda.threadfence()
        ticket = cuda.atomic.add(count, 0, 1)
        last[0] = ticket == cuda.gridDim.x - 1
    cuda.syncthreads()
    if last[0] and tid == 0:
        total = float32(0)
        for b in range(cuda.gridDim.x):
            total += partial[b]
        out[0] = total


@cuda.jit
def last_block_sum_unfenced(a, partial, count, out):
    # The same without the threadfence: nothing orders a block's partial
    # sum before the last block reads it.
    sdata = cuda.shared.array(TPB, float32)
    last = cuda.shared.array(1, int32)
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
        partial[cuda.blockIdx.x] = sdata[0]
        ticket = cuda.atomic.add(count, 0, 1)
        last[0] = ticket == cuda.gridDim.x - 1
    cuda.syncthreads()
    if last[0] and tid == 0:
        total = float32(0)
        for b in range(cuda.gridDim.x):
            total += partial[b]
        out[0] = total


@cuda.jit
def global_histogram_plain(keys, bins):
    # Every thread of every block counts into global bins with +=.
    bins[keys[cuda.grid(1)] % 8] += 1


@cuda.jit
def global_histogram_atomic(keys, bins):
    cuda.atomic.add(bins, keys[cuda.grid(1)] % 8, 1)


@cuda.jit
def shift_unsynced(a):
    # Each thread reads its right neighbour's element, which that thread
    # overwrites: no barrier orders the two.
    i = cuda.grid(1)
    v = a[(i + 1) % a.size]
    a[i] = v * 2


@cuda.jit
def shift_synced(a, b):
    i = cuda.grid(1)
    b[i] = a[(i + 1) % a.size] * 2


@cuda.jit
def grid_synced(a, b):
    # Every block writes, the grid syncs, every block reads the others'.
    i = cuda.grid(1)
    a[i] = i
    cuda.cg.this_grid().sync()
    b[i] = a[(i + cuda.blockDim.x) % a.size]
