# cuda.grid(1) is a single int64 (threadIdx.x + blockIdx.x * blockDim.x).
# RUN: %pykc %s --sig 'grid1(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def grid1(a):
    i = cuda.grid(1)
    a[i] = 0

# CHECK-LABEL: {{^}}kernel grid1(a: array(float32, 1d, A)) -> none  # symbol grid1
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  a[i] = float32(0){{$}}
