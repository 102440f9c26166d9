# Warp and block intrinsics. Numba's simulator has none of them: these
# cases run only against numba-cuda on a GPU (--reference numba-cuda), for
# both of pykc's backends; test/Run/warp_intrinsics checks the CPU backend
# against a model of PTX everywhere.
from numba import cuda
import numpy as np


@cuda.jit
def shuffles_f64(a, out):
    i = cuda.grid(1)
    lane = cuda.laneid
    v = a[i]
    out[i, 0] = cuda.shfl_sync(0xffffffff, v, (lane * 7) % 32)
    out[i, 1] = cuda.shfl_up_sync(0xffffffff, v, 3)
    out[i, 2] = cuda.shfl_down_sync(0xffffffff, v, 11)
    out[i, 3] = cuda.shfl_xor_sync(0xffffffff, v, 21)


@cuda.jit
def shuffles_i32(a, out):
    i = cuda.grid(1)
    v = a[i]
    out[i, 0] = cuda.shfl_sync(0xffffffff, v, 37)
    out[i, 1] = cuda.shfl_up_sync(0xffffffff, v, 33)
    out[i, 2] = cuda.shfl_down_sync(0xffffffff, v, 1)
    out[i, 3] = cuda.shfl_xor_sync(0xffffffff, v, 1)


@cuda.jit
def warp_reduce(a, out):
    i = cuda.grid(1)
    v = a[i]
    off = 16
    while off > 0:
        v += cuda.shfl_xor_sync(0xffffffff, v, off)
        off //= 2
    out[i] = v


@cuda.jit
def votes(a, out):
    i = cuda.grid(1)
    p = a[i] > 0
    out[i, 0] = cuda.all_sync(0xffffffff, p)
    out[i, 1] = cuda.any_sync(0xffffffff, p)
    out[i, 2] = cuda.eq_sync(0xffffffff, p)
    out[i, 3] = cuda.ballot_sync(0xffffffff, p)
    out[i, 4] = cuda.activemask()
    out[i, 5] = cuda.lanemask_lt()
    # numba-cuda 0.30 takes only integer predicates here (Numba's older
    # CUDA target, and pykc, also take a bool).
    q = 1 if p else 0
    out[i, 6] = cuda.syncthreads_count(q)
    out[i, 7] = cuda.syncthreads_and(q)
    out[i, 8] = cuda.syncthreads_or(q)


@cuda.jit
def bits(a, out):
    i = cuda.grid(1)
    x = a[i]
    out[i, 0] = cuda.popc(x)
    out[i, 1] = cuda.clz(x)
    out[i, 2] = cuda.ffs(x)
    out[i, 3] = cuda.brev(np.uint32(x))
    out[i, 4] = cuda.popc(np.int64(x) * 3)
    out[i, 5] = cuda.clz(np.int64(x))


@cuda.jit
def fma_cbrt(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = cuda.fma(a[i], b[i], -a[i] * b[i])
        out[i, 1] = cuda.cbrt(a[i])
