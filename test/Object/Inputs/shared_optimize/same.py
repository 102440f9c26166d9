# Kernels whose optimized LLVM IR is the same on every PTX target
# (codegen/NVPTXSharedOptimization.h): float32 arithmetic, and libdevice's
# sin and cos on float64, which test __CUDA_ARCH only against values every
# supported SM passes (and call their slow paths out of line: two call
# sequences in each target's PTX).
from numba import cuda, float32
import math


@cuda.jit("void(float32[:], float32[:], float32)")
def axpb(out, x, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * a + float32(1.5)


@cuda.jit("void(float64[:], float64[:])")
def sin_cos(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sin(x[i]) + math.cos(x[i])
