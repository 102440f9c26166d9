"""A course-notebook module exported to a .py file: imports in the middle,
constants re-assigned as the notebook goes on, and demo cells under
__main__."""
import numpy as np
from numba import cuda

N = 1024
TPB = 16
N = 64  # smaller for the exercise


@cuda.jit
def add_kernel(x, y, out):
    tx = cuda.threadIdx.x
    ty = cuda.blockIdx.x
    bw = cuda.blockDim.x
    pos = tx + ty * bw
    if pos < x.size:
        out[pos] = x[pos] + y[pos]


import math  # noqa: E402

SCALE = math.sqrt(N)


@cuda.jit
def scaled_dot_rows(a, b, out):
    """out[i] = (a[i, :] . b[i, :]) / sqrt(N), one thread per row."""
    i = cuda.grid(1)
    if i < a.shape[0]:
        s = 0.0
        for k in range(a.shape[1]):
            s += a[i, k] * b[i, k]
        out[i] = s / SCALE


if __name__ == "__main__":
    x = np.arange(N).astype(np.float32)
    y = 2 * x
    out = np.empty_like(x)
    add_kernel[(N + TPB - 1) // TPB, TPB](x, y, out)
    print(out[:10])
