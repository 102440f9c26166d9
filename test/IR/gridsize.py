# cuda.gridsize(1) is an int64 (the number of threads in the grid); the
# grid-stride loop range is int64.
# RUN: %pykc %s --sig 'stride_loop(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def stride_loop(a):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, a.shape[0], stride):
        a[i] = 0

# CHECK-LABEL: {{^}}kernel stride_loop(a: array(float32, 1d, A)) -> none  # symbol stride_loop
# CHECK-NEXT: {{^}}  start: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  stride: int64 = cuda.gridsize(1){{$}}
# CHECK-NEXT: {{^}}  if (stride == 0):{{$}}
# CHECK-NEXT: {{^}}    return{{$}}
# CHECK-NEXT: {{^}}  for i: int64 in range(start, a.shape[0], stride):{{$}}
# CHECK-NEXT: {{^}}    a[i] = float32(0){{$}}
