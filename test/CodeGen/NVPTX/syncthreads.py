# cuda.syncthreads() is a CTA barrier: bar.sync 0.
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
# CHECK-NEXT: bar.sync 0;
# CHECK: st.global.u32
# CHECK: ret;
