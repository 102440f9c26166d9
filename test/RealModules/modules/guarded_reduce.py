"""Per-block sums and maxima, in the style of a small statistics package.

The block size comes from a config dict; each kernel keeps its barriers
inside `if tid < count:` (the threads past the data have nothing to do and
leave), as Numba's documentation does for its array sums.
"""
import math

from numba import cuda, float64

SETTINGS = {
    "threads_per_block": 32,
    "tree": "halving",  # or "pairs"
}
TPB = SETTINGS["threads_per_block"]
HALVING = SETTINGS["tree"] == "halving"


@cuda.jit(device=True)
def _fold(buf, tid, count):
    # Halving tree over buf[:count]; every caller's thread of the block that
    # is still running calls it, so its barriers meet.
    width = 1
    while width < count:
        width *= 2
    half = width // 2
    while half > 0:
        if tid < half and tid + half < count:
            buf[tid] += buf[tid + half]
        cuda.syncthreads()
        half //= 2


@cuda.jit
def block_sums(values, out):
    tid = cuda.threadIdx.x
    start = cuda.blockIdx.x * TPB
    count = min(values.size - start, TPB)
    if tid < count:
        buf = cuda.shared.array(TPB, float64)
        buf[tid] = values[start + tid]
        cuda.syncthreads()
        if HALVING:
            _fold(buf, tid, count)
        else:
            buf[tid] = -buf[tid]
        if tid == 0:
            out[cuda.blockIdx.x] = buf[0]


@cuda.jit
def block_max_abs(values, out):
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    big = cuda.shared.array(TPB, float64)
    if i >= values.size:
        return
    big[tid] = math.fabs(values[i])
    cuda.syncthreads()
    count = min(values.size - cuda.blockIdx.x * TPB, TPB)
    step = 1
    while step < count:
        if tid % (2 * step) == 0 and tid + step < count:
            big[tid] = max(big[tid], big[tid + step])
        cuda.syncthreads()
        step *= 2
    if tid == 0:
        out[cuda.blockIdx.x] = big[0]
