"""A list of signatures built from type objects."""
from numba import cuda, float32, float64, int64, void

_KINDS = [float32, float64]


@cuda.jit([void(float32[:], int64), void(float64[:], int64)])
def fill_ramp(out, step):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = i * step
