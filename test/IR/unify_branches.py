# A variable assigned int32 on one branch and float32 on the other is
# float64 everywhere (Numba unifies all assignments of a variable).
# RUN: %pykc %s --sig 'branches(float32[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def branches(out, n, x):
    if n > 0:
        v = n
    else:
        v = x
    out[0] = v

# CHECK-LABEL: {{^}}kernel branches(out: array(float32, 1d, A), n: int32, x: float32) -> none  # symbol branches
# CHECK-NEXT: {{^}}  if (int64(n) > 0):{{$}}
# CHECK-NEXT: {{^}}    v: float64 = float64(n){{$}}
# CHECK-NEXT: {{^}}  else:{{$}}
# CHECK-NEXT: {{^}}    v: float64 = float64(x){{$}}
# CHECK-NEXT: {{^}}  out[0] = float32(v){{$}}
