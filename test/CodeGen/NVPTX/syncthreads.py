# cuda.syncthreads() is a CTA barrier: barrier.sync 0, not bar.sync 0 (which is
# barrier.sync.aligned: every thread of the block must execute that same
# instruction, which a barrier under a thread-dependent condition breaks).
# RUN: %pykc %s --sig 'sync(float32[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'sync(float32[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def sync(a):
    a[cuda.threadIdx.x] = 0
    cuda.syncthreads()
    a[cuda.threadIdx.x + 1] = 1

# CHECK-LABEL: .visible .entry sync(
# CHECK: st.global.u32
# CHECK-NEXT: barrier.sync 0;
# CHECK: st.global.u32
# CHECK: ret;
