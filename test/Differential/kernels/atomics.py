# Atomic read-modify-writes: histograms where many threads of several blocks
# hit a few bins (pykc's CPU backend runs blocks on several threads, so the
# collisions are real). Data are integers and float increments are
# integer-valued (or halves), so float sums are exact in any order. Only
# old values that do not depend on the order of the threads are stored.
import math

from numba import cuda, float32, int32

NBINS = 8


@cuda.jit
def hist_global(data, counts, sums):
    # A grid-stride loop; counts is int32, sums float32 (the int32 data is
    # cast to the bins' dtype).
    for i in range(cuda.grid(1), data.size, cuda.gridsize(1)):
        b = data[i] % counts.size
        cuda.atomic.add(counts, b, 1)
        cuda.atomic.add(sums, b, data[i])


@cuda.jit
def hist_shared(data, counts, sums):
    # One histogram per block in shared memory, merged into the global one.
    s_counts = cuda.shared.array(NBINS, int32)
    s_sums = cuda.shared.array(NBINS, float32)
    t = cuda.threadIdx.x
    if t < NBINS:
        s_counts[t] = 0
        s_sums[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < data.size:
        b = data[i] % NBINS
        cuda.atomic.add(s_counts, b, 1)
        cuda.atomic.add(s_sums, b, 0.5 * data[i])
    cuda.syncthreads()
    if t < NBINS:
        cuda.atomic.add(counts, t, s_counts[t])
        cuda.atomic.add(sums, t, s_sums[t])


@cuda.jit
def hist_2d(pairs, h):
    # A tuple index; rows counted from the end (negative indices wrap).
    i = cuda.grid(1)
    if i < pairs.shape[0]:
        r = -1 - pairs[i, 0] % h.shape[0]
        cuda.atomic.add(h, (r, pairs[i, 1] % h.shape[1]), 1)


@cuda.jit
def tickets(counter, seen):
    # Every thread draws a distinct old value: each slot is seen once.
    t = cuda.atomic.add(counter, 0, 1)
    cuda.atomic.add(seen, t, 1)


@cuda.jit
def old_values(a, v, old):
    # One thread per element: the old value is the input.
    i = cuda.grid(1)
    if i < a.size:
        old[i] = cuda.atomic.add(a, i, v[i])


@cuda.jit
def extremes(data, mx, mn, fmx, fmn, left):
    # max/min per bin; every seventh value is a NaN, which Numba's float
    # max/min ignore (as Python's max(old, nan) keeps old).
    i = cuda.grid(1)
    if i < data.size:
        b = data[i] % mx.size
        cuda.atomic.max(mx, b, data[i])
        cuda.atomic.min(mn, b, data[i])
        x = math.nan if data[i] % 7 == 0 else data[i] * 0.25
        cuda.atomic.max(fmx, b, x)
        cuda.atomic.min(fmn, b, x)
        cuda.atomic.sub(left, b, 1)


@cuda.jit
def local_counts(data, out):
    # A local array is private to its thread: atomics on it are plain.
    c = cuda.local.array(4, int32)
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(4):
            c[k] = 0
        for k in range(data.shape[1]):
            cuda.atomic.add(c, data[i, k] % 4, 1)
        for k in range(4):
            out[i, k] = c[k]
