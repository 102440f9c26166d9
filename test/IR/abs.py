# abs() keeps the type of its argument: abs(int32) is int32, abs(float32) is
# float32.
# RUN: %pykc %s --sig 'absolute(int32[:], float32[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def absolute(iout, fout, n, x):
    a = abs(n)
    b = abs(x)
    iout[0] = a
    fout[0] = b

# CHECK-LABEL: {{^}}kernel absolute(iout: array(int32, 1d, A), fout: array(float32, 1d, A), n: int32, x: float32) -> none  # symbol absolute
# CHECK-NEXT: {{^}}  a: int32 = builtins.abs(n){{$}}
# CHECK-NEXT: {{^}}  b: float32 = builtins.abs(x){{$}}
# CHECK-NEXT: {{^}}  iout[0] = a{{$}}
# CHECK-NEXT: {{^}}  fout[0] = b{{$}}
