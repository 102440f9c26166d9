"""A decorator object made once by calling cuda.jit with options, then used
on several functions (`device_jit = cuda.jit(device=True)`)."""
from numba import cuda

device_jit = cuda.jit(device=True)
kernel_jit = cuda.jit("void(float64[:], float64[:])")


@device_jit
def _cube(x):
    return x * x * x


@kernel_jit
def cube_all(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = _cube(x[i])
