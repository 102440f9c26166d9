# libdevice's tgammaf tests __CUDA_ARCH > 820: sm_75 and sm_80 get one
# optimized module, sm_86 and newer the other.
from numba import cuda
import math


@cuda.jit("void(float32[:], float32[:])")
def gamma(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.gamma(x[i])
