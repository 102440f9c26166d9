# range(int32) iterates with an int32 loop variable (Numba's range_state32);
# mixing in an int64 literal start makes it int64.
# RUN: %pykc %s --sig 'r32(float32[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def r32(a, n):
    for i in range(n):
        a[i] = 0
    for j in range(1, n):
        a[j] = 1

# CHECK-LABEL: {{^}}kernel r32(a: array(float32, 1d, A), n: int32) -> none  # symbol r32
# CHECK-NEXT: {{^}}  for i: int32 in range(int32(0), n, int32(1)):{{$}}
# CHECK-NEXT: {{^}}    a[i] = float32(0){{$}}
# CHECK-NEXT: {{^}}  for j: int64 in range(1, int64(n), 1):{{$}}
# CHECK-NEXT: {{^}}    a[j] = float32(1){{$}}
