# range() with 1, 2 and 3 arguments; missing start/step are the constants
# 0 and 1; a negative step counts down.
# RUN: %pykc %s --sig 'ranges(float32[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def ranges(a, n):
    for i in range(n):
        a[i] = 1
    for j in range(1, n):
        a[j] = 2
    for k in range(n, 0, -1):
        a[k - 1] = 3
    for m in range(10, 0, -2):
        a[m] = 4

# CHECK-LABEL: {{^}}kernel ranges(a: array(float32, 1d, A), n: int64) -> none  # symbol ranges
# CHECK-NEXT: {{^}}  for i: int64 in range(0, n, 1):{{$}}
# CHECK-NEXT: {{^}}    a[i] = float32(1){{$}}
# CHECK-NEXT: {{^}}  for j: int64 in range(1, n, 1):{{$}}
# CHECK-NEXT: {{^}}    a[j] = float32(2){{$}}
# CHECK-NEXT: {{^}}  for k: int64 in range(n, 0, -1):{{$}}
# CHECK-NEXT: {{^}}    a[(k - 1)] = float32(3){{$}}
# CHECK-NEXT: {{^}}  for m: int64 in range(10, 0, -2):{{$}}
# CHECK-NEXT: {{^}}    a[m] = float32(4){{$}}
