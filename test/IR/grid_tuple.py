# cuda.grid(2) is a UniTuple(int64 x 2): it can be unpacked or indexed with
# constants (a negative constant counts from the end).
# RUN: %pykc %s --sig 'grid2(float32[:, :])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def grid2(a):
    x, y = cuda.grid(2)
    g = cuda.grid(2)
    a[x, y] = g[0] + g[-1]

# CHECK-LABEL: {{^}}kernel grid2(a: array(float32, 2d, A)) -> none  # symbol grid2
# CHECK-NEXT: {{^}}  $t0: UniTuple(int64 x 2) = cuda.grid(2){{$}}
# CHECK-NEXT: {{^}}  x: int64 = $t0[0]{{$}}
# CHECK-NEXT: {{^}}  y: int64 = $t0[1]{{$}}
# CHECK-NEXT: {{^}}  g: UniTuple(int64 x 2) = cuda.grid(2){{$}}
# CHECK-NEXT: {{^}}  a[x, y] = float32((g[0] + g[1])){{$}}
