# Unary minus and invert on int32 give int64 in Numba, computed in int32 and
# then widened (numba/cpython/numbers.py: "Negate before upcasting"); on
# float32 unary minus stays float32.
# RUN: %pykc %s --sig 'unary(int64[:], float32[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def unary(iout, fout, n, x):
    a = -n
    b = ~n
    c = -x
    iout[0] = a + b
    fout[0] = c

# CHECK-LABEL: {{^}}kernel unary(iout: array(int64, 1d, A), fout: array(float32, 1d, A), n: int32, x: float32) -> none  # symbol unary
# CHECK-NEXT: {{^}}  a: int64 = int64((-n)){{$}}
# CHECK-NEXT: {{^}}  b: int64 = int64((~n)){{$}}
# CHECK-NEXT: {{^}}  c: float32 = (-x){{$}}
# CHECK-NEXT: {{^}}  iout[0] = (a + b){{$}}
# CHECK-NEXT: {{^}}  fout[0] = c{{$}}
