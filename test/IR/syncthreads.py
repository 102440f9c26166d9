# cuda.syncthreads() is a statement call with no result.
# RUN: %pykc %s --sig 'sync(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def sync(a):
    a[cuda.threadIdx.x] = 0
    cuda.syncthreads()
    a[0] = 1

# CHECK-LABEL: {{^}}kernel sync(a: array(float32, 1d, A)) -> none  # symbol sync
# CHECK-NEXT: {{^}}  a[cuda.threadIdx.x] = float32(0){{$}}
# CHECK-NEXT: {{^}}  cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}  a[0] = float32(1){{$}}
