# cuda.grid(3) is a UniTuple(int64 x 3).
# RUN: %pykc %s --sig 'grid3(float32[:, :, :])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def grid3(a):
    x, y, z = cuda.grid(3)
    a[x, y, z] = 0

# CHECK-LABEL: {{^}}kernel grid3(a: array(float32, 3d, A)) -> none  # symbol grid3
# CHECK-NEXT: {{^}}  $t0: UniTuple(int64 x 3) = cuda.grid(3){{$}}
# CHECK-NEXT: {{^}}  x: int64 = $t0[0]{{$}}
# CHECK-NEXT: {{^}}  y: int64 = $t0[1]{{$}}
# CHECK-NEXT: {{^}}  z: int64 = $t0[2]{{$}}
# CHECK-NEXT: {{^}}  a[x, y, z] = float32(0){{$}}
