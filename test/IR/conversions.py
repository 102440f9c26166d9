# int(x), float(x), bool(x): float(float32) stays float32, float(int32) is
# float64, int(float32) is int64, bool(float32) is a truth test.
# RUN: %pykc %s --sig 'convert(float64[:], float32, int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def convert(out, x, n):
    f = float(x)
    g = float(n)
    i = int(x)
    b = bool(x)
    if b:
        out[0] = f + g + i

# CHECK-LABEL: {{^}}kernel convert(out: array(float64, 1d, A), x: float32, n: int32) -> none  # symbol convert
# CHECK-NEXT: {{^}}  f: float32 = x{{$}}
# CHECK-NEXT: {{^}}  g: float64 = float64(n){{$}}
# CHECK-NEXT: {{^}}  i: int64 = int64(x){{$}}
# CHECK-NEXT: {{^}}  b: bool = truth(x){{$}}
# CHECK-NEXT: {{^}}  if b:{{$}}
# CHECK-NEXT: {{^}}    out[0] = ((float64(f) + g) + float64(i)){{$}}
