# Kernels that fault on the CPU backend without --boundscheck (fault_*.test).
from numba import cuda, float32


@cuda.jit
def write_past(a):
    # No bounds check: launched with more threads than a has elements.
    i = cuda.grid(1)
    a[i] = i


@cuda.jit
def fill_dynamic(a):
    # Each thread writes one float32 of dynamic shared memory.
    s = cuda.shared.array(0, dtype=float32)
    t = cuda.threadIdx.x
    s[t] = t
    cuda.syncthreads()
    a[t] = s[t]


@cuda.jit("i8(i8)", device=True)
def depth(n):
    # Not a tail call, nor an accumulator LLVM could turn into a loop.
    if n == 0:
        return 0
    return n - depth(n - 1)


@cuda.jit
def recurse(r, n):
    r[0] = depth(n)
