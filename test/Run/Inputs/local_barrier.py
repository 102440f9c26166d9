# A 400 KB local array per thread in a kernel with barriers: the CPU
# backend runs its threads on fibers, whose stacks hold the array.
from numba import cuda, float32


@cuda.jit
def big_local(out):
    buf = cuda.local.array(100000, float32)
    t = cuda.threadIdx.x
    for k in range(100000):
        buf[k] = t + k
    cuda.syncthreads()
    s = 0.0
    for k in range(0, 100000, 1000):
        s += buf[k]
    cuda.syncthreads()
    out[cuda.grid(1)] = s
