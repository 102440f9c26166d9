# min()/max() unify their arguments: min(int32, float32) is float64;
# min(int32, int32) stays int32. Like Python, min returns the first argument
# on ties.
# RUN: %pykc %s --sig 'minmax(float64[:], int32, int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def minmax(out, i, j, f):
    a = min(i, f)
    b = max(i, f)
    c = min(i, j)
    out[0] = a + b + c

# CHECK-LABEL: {{^}}kernel minmax(out: array(float64, 1d, A), i: int32, j: int32, f: float32) -> none  # symbol minmax
# CHECK-NEXT: {{^}}  $t0: float64 = float64(i){{$}}
# CHECK-NEXT: {{^}}  $t1: float64 = float64(f){{$}}
# CHECK-NEXT: {{^}}  a: float64 = ($t1 if ($t1 < $t0) else $t0){{$}}
# CHECK-NEXT: {{^}}  $t2: float64 = float64(i){{$}}
# CHECK-NEXT: {{^}}  $t3: float64 = float64(f){{$}}
# CHECK-NEXT: {{^}}  b: float64 = ($t3 if ($t3 > $t2) else $t2){{$}}
# CHECK-NEXT: {{^}}  c: int32 = (j if (j < i) else i){{$}}
# CHECK-NEXT: {{^}}  out[0] = ((a + b) + float64(c)){{$}}
