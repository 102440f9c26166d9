# `and`/`or` short circuit and return one of their operands, so the operand
# types are unified (int32 and float32 -> float64); `not` gives bool.
# RUN: %pykc %s --sig 'logic(float64[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def logic(out, i, f):
    a = i and f
    b = i or f
    c = not i
    out[0] = a + b
    if c:
        out[1] = 1.0

# CHECK-LABEL: {{^}}kernel logic(out: array(float64, 1d, A), i: int32, f: float32) -> none  # symbol logic
# CHECK-NEXT: {{^}}  a: float64 = (float64(i) and float64(f)){{$}}
# CHECK-NEXT: {{^}}  b: float64 = (float64(i) or float64(f)){{$}}
# CHECK-NEXT: {{^}}  c: bool = (not truth(i)){{$}}
# CHECK-NEXT: {{^}}  out[0] = (a + b){{$}}
# CHECK-NEXT: {{^}}  if c:{{$}}
# CHECK-NEXT: {{^}}    out[1] = 1.0{{$}}
