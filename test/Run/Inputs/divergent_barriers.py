# Barriers that only some threads of a block reach: a block's barrier opens
# once every thread that has not returned waits at a barrier (any barrier),
# as on sm_70+ GPUs and in Numba's simulator.
from numba import cuda, int64

TPB = 32


@cuda.jit("void(int64[:], int64[:])")
def partial_sums(vals, sums):
    # Each block sums its slice; the last block's slice is short, and its
    # threads past the end skip every barrier and leave.
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    n = min(vals.size - cuda.blockIdx.x * TPB, TPB)
    if tid < n:
        buf = cuda.shared.array(TPB, int64)
        buf[tid] = vals[i]
        cuda.syncthreads()
        step = 1
        while step < n:
            if tid % (2 * step) == 0 and tid + step < n:
                buf[tid] += buf[tid + step]
            cuda.syncthreads()
            step *= 2
        if tid == 0:
            sums[cuda.blockIdx.x] = buf[0]


@cuda.jit("void(int64[:], int64[:])")
def strided_rotate(src, dst):
    # A grid-stride loop with barriers inside: the threads past the last
    # element run one turn fewer and leave while the others still wait.
    tile = cuda.shared.array(TPB, int64)
    tx = cuda.threadIdx.x
    for i in range(cuda.grid(1), src.size, cuda.gridsize(1)):
        tile[tx] = src[i]
        cuda.syncthreads()
        j = (tx + 1) % TPB
        if i - tx + j < src.size:
            dst[i] = tile[j]
        else:
            dst[i] = -1
        cuda.syncthreads()


@cuda.jit("void(int64[:])")
def leaders_wait(out):
    # Threads 0..3 pass one barrier more than the rest: the others' barrier
    # at the end pairs with the leaders' first one, and the leaders' second
    # one waits for nobody (the others have returned).
    tid = cuda.threadIdx.x
    flag = cuda.shared.array(1, int64)
    if tid == 0:
        flag[0] = 7
    if tid < 4:
        cuda.syncthreads()
        out[tid] = flag[0]
        cuda.syncthreads()
    else:
        cuda.syncthreads()
        out[tid] = flag[0] + 100


@cuda.jit("void(int64[:])")
def early_block_exit(out):
    # Block 1 returns before the grid barrier the other blocks wait at:
    # a GPU hangs; the CPU backend reports it.
    g = cuda.cg.this_grid()
    if cuda.blockIdx.x == 1:
        return
    out[cuda.grid(1)] = 1
    g.sync()
    out[cuda.grid(1)] += 1


@cuda.jit("void(int64[:])")
def partial_block_grid_sync(out):
    # Some threads of every block return before the grid barrier; the
    # others meet there, and the block counts as arrived.
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    if cuda.threadIdx.x % 2 == 1:
        out[i] = -1
        return
    out[i] = i
    g.sync()
    other = out[out.size - 2 - i]
    g.sync()
    out[i] += other
