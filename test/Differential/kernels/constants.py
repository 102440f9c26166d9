# Module constants (TPB = 16, a float constant) and math.pi, used in
# arithmetic, loop bounds and a shared array shape.
import math

from numba import cuda, float64

TPB = 16
SCALE = 2.5
OFFSET = -3


@cuda.jit
def use_constants(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * SCALE + math.pi + OFFSET + TPB * (i % TPB)


@cuda.jit
def circle_areas(r, out):
    i = cuda.grid(1)
    if i < r.size:
        out[i] = math.pi * r[i] * r[i]


@cuda.jit
def block_sums_tpb(a, out):
    s = cuda.shared.array(TPB, float64)
    t = cuda.threadIdx.x
    i = cuda.blockIdx.x * TPB + t
    s[t] = a[i]
    cuda.syncthreads()
    if t == 0:
        total = 0.0
        for k in range(TPB):
            total += s[k]
        out[cuda.blockIdx.x] = total
