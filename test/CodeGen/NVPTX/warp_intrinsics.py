# Warp and block intrinsics become the PTX instructions Numba-CUDA emits:
# shfl.sync (clamp 0 for up, 31 otherwise; a float64 as two 32-bit halves),
# vote.sync, bar.warp.sync, activemask, barrier.red, membar, popc, clz, brev;
# cbrt is libdevice's __nv_cbrt, linked and inlined.
# RUN: %pykc %s --sig 'k(float64[:], int32[:], int64[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float64[:], int32[:], int64[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(f, n, out):
    i = cuda.grid(1)
    f[i] = cuda.shfl_sync(0xffffffff, f[i], 3)
    n[i] = cuda.shfl_up_sync(0xffff, n[i], 5)
    n[i] = cuda.shfl_down_sync(0xffffffff, n[i], 7)
    n[i] = cuda.shfl_xor_sync(0xffffffff, n[i], 9)
    out[0] = cuda.all_sync(0xffffffff, n[i] > 0)
    out[1] = cuda.any_sync(0xffffffff, n[i] > 0)
    out[2] = cuda.eq_sync(0xffffffff, n[i] > 0)
    out[3] = cuda.ballot_sync(0xffffffff, n[i] > 0)
    out[4] = cuda.activemask()
    cuda.syncwarp(0xff)
    out[5] = cuda.syncthreads_count(n[i])
    out[6] = cuda.syncthreads_and(n[i])
    out[7] = cuda.syncthreads_or(n[i])
    cuda.threadfence_block()
    cuda.threadfence()
    cuda.threadfence_system()
    out[8] = cuda.popc(n[i]) + cuda.clz(n[i]) + cuda.brev(cuda.ffs(n[i]))
    f[i] = cuda.fma(f[i], 2.0, 1.0) + cuda.cbrt(f[i])

# CHECK-LABEL: .entry k(
# CHECK-COUNT-2: shfl.sync.idx.b32 {{.*}}, 3, 31, -1;
# CHECK: shfl.sync.up.b32 {{.*}}, 5, 0, 65535;
# CHECK: shfl.sync.down.b32 {{.*}}, 7, 31, -1;
# CHECK: shfl.sync.bfly.b32 {{.*}}, 9, 31, -1;
# CHECK: vote.sync.all.pred
# CHECK: vote.sync.any.pred
# CHECK: vote.sync.uni.pred
# CHECK: vote.sync.ballot.b32
# CHECK: activemask.b32
# CHECK: bar.warp.sync 255;
# CHECK: barrier.red.popc.u32
# CHECK: barrier.red.and.pred
# CHECK: barrier.red.or.pred
# CHECK: membar.cta;
# CHECK: membar.gl;
# CHECK: membar.sys;
# CHECK-DAG: popc.b32
# CHECK-DAG: clz.b32
# CHECK-DAG: brev.b32
# CHECK-DAG: fma.rn.f64
# CHECK-NOT: __nv_cbrt
