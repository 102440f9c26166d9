# cuda.local.array: a C-contiguous per-thread array.
# RUN: %pykc %s --sig 'local(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda, float32


@cuda.jit
def local(a):
    tmp = cuda.local.array(4, float32)
    grid = cuda.local.array((2, 3), dtype=float32)
    for i in range(4):
        tmp[i] = a[i]
    grid[1, 2] = tmp[3]
    a[0] = grid[1, 2]

# CHECK-LABEL: {{^}}kernel local(a: array(float32, 1d, A)) -> none  # symbol local
# CHECK-NEXT: {{^}}  tmp: array(float32, 1d, C, local) = cuda.local.array((4,), float32){{$}}
# CHECK-NEXT: {{^}}  grid: array(float32, 2d, C, local) = cuda.local.array((2, 3), float32){{$}}
# CHECK-NEXT: {{^}}  for i: int64 in range(0, 4, 1):{{$}}
# CHECK-NEXT: {{^}}    tmp[i] = a[i]{{$}}
# CHECK-NEXT: {{^}}  grid[1, 2] = tmp[3]{{$}}
# CHECK-NEXT: {{^}}  a[0] = grid[1, 2]{{$}}
