# Kernels for bench/cpu_backend/versions.sh: saxpy (one multiply-add an
# element, memory-bound) and 32 dependent multiply-adds an element
# (compute-bound), float32 as GPU code has them.
from numba import cuda, float32


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def steps(x, out):
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        for k in range(32):
            v = v * float32(0.999) + float32(0.5)
        out[i] = v
