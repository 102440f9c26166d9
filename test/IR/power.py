# `**`: int32 ** int32 is int64; float32 ** int32 stays float32.
# RUN: %pykc %s --sig 'power(float32[:], int64[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def power(fout, iout, n, x):
    p = n ** n
    q = x ** n
    iout[0] = p
    fout[0] = q

# CHECK-LABEL: {{^}}kernel power(fout: array(float32, 1d, A), iout: array(int64, 1d, A), n: int32, x: float32) -> none  # symbol power
# CHECK-NEXT: {{^}}  p: int64 = (int64(n) ** int64(n)){{$}}
# CHECK-NEXT: {{^}}  q: float32 = (x ** n){{$}}
# CHECK-NEXT: {{^}}  iout[0] = p{{$}}
# CHECK-NEXT: {{^}}  fout[0] = q{{$}}
