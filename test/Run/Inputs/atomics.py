# Kernels of the atomic_*.test execution tests: many blocks (run on several
# threads by the CPU backend) update the same few elements.
from numba import cuda


@cuda.jit
def hammer(h, n):
    i = cuda.grid(1)
    for k in range(n):
        cuda.atomic.add(h, (i + k) % h.size, 1)


@cuda.jit
def tickets(counter, seen):
    t = cuda.atomic.add(counter, 0, 1)
    cuda.atomic.add(seen, t, 1)


@cuda.jit
def extremes(mx, mn):
    i = cuda.grid(1)
    cuda.atomic.max(mx, i % mx.size, i)
    cuda.atomic.min(mn, i % mn.size, -i)


@cuda.jit
def claim(slots, winners):
    # cuda.atomic.cas(array, index, old, value): every thread tries to turn
    # slot i % size from 0 into 1; exactly one per slot sees the 0.
    i = cuda.grid(1)
    if cuda.atomic.cas(slots, i % slots.size, 0, 1) == 0:
        cuda.atomic.add(winners, 0, 1)
