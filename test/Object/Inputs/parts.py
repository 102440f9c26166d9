# Kernels for cpu_parts.test: two share a device function, one waits at a
# barrier, and an @njit function gets a host entry.
from numba import cuda, njit, float32


@cuda.jit(device=True)
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@cuda.jit("void(float32[:], float32)")
def clip_low(x, lo):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp(x[i], lo, float32(1e30))


@cuda.jit("void(float32[:], float32)")
def clip_high(x, hi):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp(x[i], float32(-1e30), hi)


@cuda.jit("void(float32[:], float32[:])")
def block_total(x, out):
    tile = cuda.shared.array(32, float32)
    t = cuda.threadIdx.x
    tile[t] = x[cuda.grid(1)]
    cuda.syncthreads()
    if t == 0:
        s = float32(0)
        for k in range(32):
            s += tile[k]
        out[cuda.blockIdx.x] = s


@njit("float32(float32[:])")
def host_total(x):
    s = float32(0)
    for v in x:
        s += v
    return s
