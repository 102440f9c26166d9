# A barrier under a thread-dependent condition is reached by some threads
# of a block only, so it must be PTX's unaligned barrier.sync / barrier.red:
# bar.sync and bar.red are the .aligned forms, which require every thread of
# the block to execute the same barrier instruction.
# RUN: %pykc %s -o - | FileCheck %s --implicit-check-not=bar.sync --implicit-check-not=bar.red --implicit-check-not=.aligned
# RUN: %if ptxas %{ %pykc %s -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda, int32


@cuda.jit("void(int32[:], int32[:])")
def guarded(a, out):
    tid = cuda.threadIdx.x
    if tid < a.size:
        buf = cuda.shared.array(32, int32)
        buf[tid] = a[tid]
        cuda.syncthreads()
        out[tid] = buf[a.size - 1 - tid]
        out[tid] += cuda.syncthreads_count(buf[tid] > 0)
        out[tid] += cuda.syncthreads_and(buf[tid] > 0)
        out[tid] += cuda.syncthreads_or(buf[tid] > 0)

# CHECK-LABEL: .visible .entry guarded(
# CHECK: st.shared.u32
# CHECK: barrier.sync 0;
# CHECK: ld.shared.u32
# CHECK: barrier.red.popc.u32 {{%r[0-9]+}}, 0, %p;
# CHECK: barrier.red.and.pred %q, 0, %p;
# CHECK: barrier.red.or.pred %q, 0, %p;
# CHECK: ret;
