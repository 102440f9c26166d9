# Kernels for the object and header tests: a scalar and two arrays, a 2-d
# kernel compiled for two layouts, and a kernel with shared memory and a
# barrier (which runs on fibers on the CPU backend).
from numba import cuda, float32


@cuda.jit(device=True)
def twice(v):
    return v + v


@cuda.jit('void(float32, float32[:], float32[:])')
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


@cuda.jit
def scale_rows(m, factors):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] = twice(m[i, j]) * factors[i]


@cuda.jit
def block_sum(x, out):
    s = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < x.size:
        s[t] = x[i]
    else:
        s[t] = 0
    cuda.syncthreads()
    if t == 0:
        acc = float32(0)
        for k in range(cuda.blockDim.x):
            acc += s[k]
        out[cuda.blockIdx.x] = acc
