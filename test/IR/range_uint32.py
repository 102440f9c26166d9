# range(uint32) iterates with a uint64 loop variable (Numba's
# range_state_uint64).
# RUN: %pykc %s --sig 'ru(float32[:], uint32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def ru(a, n):
    for i in range(n):
        a[i] = 0

# CHECK-LABEL: {{^}}kernel ru(a: array(float32, 1d, A), n: uint32) -> none  # symbol ru
# CHECK-NEXT: {{^}}  for i: uint64 in range(uint64(0), uint64(n), uint64(1)):{{$}}
# CHECK-NEXT: {{^}}    a[i] = float32(0){{$}}
