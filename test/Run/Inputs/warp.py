# Warp and block intrinsics, checked on the CPU backend by warp_model.py.
from numba import cuda, float32, float64, int32
import numpy as np


@cuda.jit
def shuffles(a, out):
    i = cuda.grid(1)
    lane = cuda.laneid
    v = a[i]
    out[i, 0] = cuda.shfl_sync(0xffffffff, v, (lane + 3) % 32)
    out[i, 1] = cuda.shfl_up_sync(0xffffffff, v, 5)
    out[i, 2] = cuda.shfl_down_sync(0xffffffff, v, 7)
    out[i, 3] = cuda.shfl_xor_sync(0xffffffff, v, 9)


@cuda.jit
def warp_sum(a, out):
    i = cuda.grid(1)
    v = a[i]
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xffffffff, v, off)
        off //= 2
    if cuda.laneid == 0:
        out[i // 32] = v


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
    out[i, 6] = cuda.syncthreads_count(p)
    out[i, 7] = cuda.syncthreads_and(p)
    out[i, 8] = cuda.syncthreads_or(p)
    cuda.syncwarp()
    cuda.threadfence()


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
def matches(a, out):
    i = cuda.grid(1)
    v = a[i]
    out[i, 0] = cuda.match_any_sync(0xffffffff, v)
    out[i, 1] = cuda.match_any_sync(0xffffffff, float32(v) * float32(0.5))
    m, same = cuda.match_all_sync(0xffffffff, v)
    out[i, 2] = m
    out[i, 3] = same
    mf, samef = cuda.match_all_sync(0xffffffff, float64(v))
    out[i, 4] = mf + samef
    out[i, 5] = -1
    if cuda.laneid < 16:
        out[i, 5] = cuda.match_any_sync(0xffff, int32(v))
