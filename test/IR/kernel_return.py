# A bare `return` ends the kernel early.
# RUN: %pykc %s --sig 'early(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def early(a):
    i = cuda.grid(1)
    if i >= a.size:
        return
    a[i] = 0

# CHECK-LABEL: {{^}}kernel early(a: array(float32, 1d, A)) -> none  # symbol early
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  if (i >= a.size):{{$}}
# CHECK-NEXT: {{^}}    return{{$}}
# CHECK-NEXT: {{^}}  a[i] = float32(0){{$}}
