# A kernel whose threads meet only at cuda.syncthreads() gets a blocks entry
# without fibers: its code is cut at the barriers into regions that loops
# over the block's threads run in rounds (CPUBarrierFission.h), so no call
# of the runtime's barrier is left. Warp operations, and per-thread local
# memory too large to keep for every thread of a block, keep the fibers
# (no blocks entry).
# RUN: %pykc %s --sig 'tiled(float32[:, ::1], float32[:, ::1], float32[:, ::1])' --sig 'warp(int32[:])' --sig 'big_local(float32[:])' --emit=cpu-llvm --host-cpu x86-64-v4 -o - | FileCheck %s
from numba import cuda, float32

TPB = 16


@cuda.jit
def tiled(A, B, C):
    sA = cuda.shared.array((TPB, TPB), float32)
    sB = cuda.shared.array((TPB, TPB), float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = float32(0.)
    for i in range(A.shape[1] // TPB):
        sA[ty, tx] = A[y, tx + i * TPB]
        sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            acc += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    C[y, x] = acc


@cuda.jit
def warp(a):
    i = cuda.grid(1)
    a[i] = cuda.shfl_down_sync(0xffffffff, a[i], 1)


@cuda.jit
def big_local(out):
    buf = cuda.local.array(1000, float32)
    t = cuda.threadIdx.x
    for k in range(1000):
        buf[k] = t + k
    cuda.syncthreads()
    out[cuda.grid(1)] = buf[t]

# CHECK-LABEL: define void @tiled__cpu_blocks(
# CHECK-NOT: pykc_cpu_barrier
# The accumulator, live across the barriers, has an element a thread.
# CHECK: alloca [4096 x i8]
# CHECK-NOT: pykc_cpu_barrier
# CHECK: @llvm.fma.f32
# CHECK-NOT: pykc_cpu_barrier
# CHECK-LABEL: define void @tiled__cpu(
# CHECK: call void @pykc_cpu_barrier(

# CHECK-NOT: define void @warp__cpu_blocks(
# CHECK-LABEL: define void @warp__cpu(
# CHECK: @pykc_cpu_warp_shuffle(

# CHECK-NOT: define void @big_local__cpu_blocks(
# CHECK-LABEL: define void @big_local__cpu(
# CHECK: call void @pykc_cpu_barrier(
