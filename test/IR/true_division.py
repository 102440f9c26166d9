# `/` is true division: int32 / int32 is float64; float32 / float32 stays
# float32; float32 / int32 is float64.
# RUN: %pykc %s --sig 'divide(float64[:], int32, int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def divide(out, i, j, f):
    a = i / j
    b = f / f
    c = f / i
    out[0] = a + b + c

# CHECK-LABEL: {{^}}kernel divide(out: array(float64, 1d, A), i: int32, j: int32, f: float32) -> none  # symbol divide
# CHECK-NEXT: {{^}}  a: float64 = (int64(i) / int64(j)){{$}}
# CHECK-NEXT: {{^}}  b: float32 = (f / f){{$}}
# CHECK-NEXT: {{^}}  c: float64 = (float64(f) / float64(i)){{$}}
# CHECK-NEXT: {{^}}  out[0] = ((a + float64(b)) + c){{$}}
