# Barriers under a thread-dependent condition or in a loop whose trip count
# depends on the thread are accepted, with no warning, when the threads that
# skip them reach no other barrier: they leave the kernel, and a block's
# barrier waits only for the threads that have not exited (sm_70+, and the
# CPU backend). A reduction under `if tid < size:`, a barrier in a
# grid-stride loop, a device function with a barrier called by some
# threads, an early return.
# RUN: %pykc %s --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
# RUN: %pykc %s -o %t.ptx 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET --implicit-check-not={{.}}
from numba import cuda, float32, int32

TPB = 64


@cuda.jit("void(float32[:], float32[:])")
def block_sums(vals, sums):
    tid = cuda.threadIdx.x
    size = vals.size
    if tid < size:
        buf = cuda.shared.array(TPB, float32)
        buf[tid] = vals[tid]
        cuda.syncthreads()
        half = TPB // 2
        while half > 0:
            if tid < half and tid + half < size:
                buf[tid] += buf[tid + half]
            cuda.syncthreads()
            half //= 2
        if tid == 0:
            sums[0] = buf[0]


@cuda.jit("void(int32[:], int32[:])")
def grid_stride_tiles(src, dst):
    tile = cuda.shared.array(TPB, int32)
    tx = cuda.threadIdx.x
    for i in range(cuda.grid(1), src.size, cuda.gridsize(1)):
        tile[tx] = src[i]
        cuda.syncthreads()
        dst[i] = tile[(tx + 1) % TPB]
        cuda.syncthreads()


@cuda.jit(device=True)
def stage(buf, tid):
    buf[tid] += 1
    cuda.syncthreads()


@cuda.jit("void(int32[:])")
def call_then_leave(a):
    tid = cuda.threadIdx.x
    if tid >= a.size:
        return
    if tid % 2 == 0:
        stage(a, tid)
        a[tid] *= 2


@cuda.jit("void(int32[:], int32)")
def shrinking_rounds(a, n):
    tid = cuda.threadIdx.x
    while tid < n:
        a[tid] += 1
        cuda.syncthreads()
        n //= 2


@cuda.jit("void(int32[:])")
def lead_votes(a):
    tid = cuda.threadIdx.x
    a[tid] = tid
    if tid == 0 or cuda.syncthreads_or(a[tid]):
        a[tid] = 0

# CHECK-LABEL: kernel block_sums(
# CHECK-LABEL: kernel grid_stride_tiles(
# CHECK-LABEL: kernel call_then_leave(
# CHECK-LABEL: kernel shrinking_rounds(
# CHECK-LABEL: kernel lead_votes(
# QUIET-NOT: {{.}}
