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
# CHECK-NEXT: {{^}}  p: int64 = pykc_pow_int64_int64(int64(n), int64(n)){{$}}
# CHECK-NEXT: {{^}}  q: float32 = pykc_pow_float32_int32(x, n){{$}}
# CHECK-NEXT: {{^}}  iout[0] = p{{$}}
# CHECK-NEXT: {{^}}  fout[0] = q{{$}}

# `x ** n` for an integer n is the one definition of Python's power
# (ir/OperatorFunctions.cpp): repeated squaring, 1 / x ** -n for a negative n.
# CHECK-LABEL: {{^}}device pykc_pow_float32_int32(base: float32, exp: int32) -> float32  # symbol pykc_pow_float32_int32{{$}}
# CHECK-NEXT: {{^}}  negative: bool = (exp < int32(0)){{$}}
# CHECK-NEXT: {{^}}  result: float32 = float32(1.0){{$}}
# CHECK-NEXT: {{^}}  square: float32 = base{{$}}
# CHECK-NEXT: {{^}}  t0: int32 = int32((uint32(0) - uint32(exp))){{$}}
# CHECK-NEXT: {{^}}  left: uint32 = uint32((t0 if negative else exp)){{$}}
# CHECK-NEXT: {{^}}  while True:{{$}}
# CHECK-NEXT: {{^}}    odd: bool = ((left & uint32(1)) != uint32(0)){{$}}
# CHECK-NEXT: {{^}}    times: float32 = (result * square){{$}}
# CHECK-NEXT: {{^}}    result: float32 = (times if odd else result){{$}}
# CHECK-NEXT: {{^}}    square: float32 = (square * square){{$}}
# CHECK-NEXT: {{^}}    left: uint32 = (left shr.bits uint32(1)){{$}}
# CHECK-NEXT: {{^}}    if (left == uint32(0)):{{$}}
# CHECK-NEXT: {{^}}      break{{$}}
# CHECK-NEXT: {{^}}  t1: float32 = (float32(1.0) / result){{$}}
# CHECK-NEXT: {{^}}  return (t1 if negative else result){{$}}
