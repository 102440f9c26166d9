# `a[i] += 1` on a float32 array loads the element, adds in float64 (float32
# + int64 literal) and stores back as float32; on an int32 array the add is
# int64. `a[i] *= x` with a float32 x stays float32.
# RUN: %pykc %s --sig 'aug(float32[:], int32[:], float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def aug(a, b, x):
    i = cuda.grid(1)
    a[i] += 1
    b[i] += 1
    a[i] *= x

# CHECK-LABEL: {{^}}kernel aug(a: array(float32, 1d, A), b: array(int32, 1d, A), x: float32) -> none  # symbol aug
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  a[i] = float32((float64(a[i]) + float64(1))){{$}}
# CHECK-NEXT: {{^}}  b[i] = int32((int64(b[i]) + 1)){{$}}
# CHECK-NEXT: {{^}}  a[i] = (a[i] * x){{$}}
