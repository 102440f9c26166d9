# Kernels with cuda.syncthreads() in the shapes barrier fission must get
# right (CPUBarrierFission.h): an early return before the barrier, a
# barrier in a loop with values carried around it, a loop of barriers whose
# trip count is read from memory, a local array live across a barrier, and
# a barrier inside a device function.
from numba import cuda, int64

N = 16


@cuda.jit
def reverse(a, out):
    s = cuda.shared.array(N, int64)
    t = cuda.threadIdx.x
    if t >= a.size:
        return  # returned threads no longer count at the barrier
    s[t] = a[t]
    cuda.syncthreads()
    out[t] = s[a.size - 1 - t]


@cuda.jit
def scan(a, out):
    s = cuda.shared.array(N, int64)
    t = cuda.threadIdx.x
    s[t] = a[t]
    cuda.syncthreads()
    d = 1
    while d < cuda.blockDim.x:
        v = s[t - d] if t >= d else 0
        cuda.syncthreads()
        s[t] += v
        cuda.syncthreads()
        d *= 2
    out[t] = s[t]


@cuda.jit
def data_rounds(rounds, out):
    s = cuda.shared.array(N, int64)
    t = cuda.threadIdx.x
    acc = 0
    for r in range(rounds[0]):  # read from memory: the same for every thread
        s[t] = t + r
        cuda.syncthreads()
        acc += s[(t + r) % cuda.blockDim.x]
        cuda.syncthreads()
    out[t] = acc


@cuda.jit
def local_across(out):
    s = cuda.shared.array(N, int64)
    mine = cuda.local.array(4, int64)
    t = cuda.threadIdx.x
    for k in range(4):
        mine[k] = t * 10 + k
    s[t] = t
    cuda.syncthreads()
    out[t] = mine[t % 4] * 1000 + s[(t + 1) % cuda.blockDim.x]


@cuda.jit(device=True)
def neighbour(s, t, n):
    s[t] = t * t
    cuda.syncthreads()
    return s[(t + n - 1) % n]


@cuda.jit
def in_device_function(out):
    s = cuda.shared.array(N, int64)
    t = cuda.threadIdx.x
    first = neighbour(s, t, cuda.blockDim.x)
    cuda.syncthreads()
    out[t] = first + neighbour(s, (t + 1) % cuda.blockDim.x, cuda.blockDim.x)
