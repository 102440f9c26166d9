# A device function is typed at each call site: one instance per argument
# type list, with a mangled symbol.
# RUN: %pykc %s --sig 'caller(float32[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit(device=True)
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@cuda.jit
def caller(a, n):
    a[0] = clamp(a[0], 0, 1)
    a[1] = clamp(n, 0, 10)

# CHECK-LABEL: {{^}}kernel caller(a: array(float32, 1d, A), n: int32) -> none  # symbol caller
# CHECK-NEXT: {{^}}  a[0] = float32(clamp__float32_int64_int64(a[0], 0, 1)){{$}}
# CHECK-NEXT: {{^}}  a[1] = float32(clamp__int32_int64_int64(n, 0, 10)){{$}}
# CHECK-LABEL: {{^}}device clamp(x: float32, lo: int64, hi: int64) -> float64  # symbol clamp__float32_int64_int64
# CHECK-NEXT: {{^}}  if (float64(x) < float64(lo)):{{$}}
# CHECK-NEXT: {{^}}    return float64(lo){{$}}
# CHECK-NEXT: {{^}}  if (float64(x) > float64(hi)):{{$}}
# CHECK-NEXT: {{^}}    return float64(hi){{$}}
# CHECK-NEXT: {{^}}  return float64(x){{$}}
# CHECK-LABEL: {{^}}device clamp(x: int32, lo: int64, hi: int64) -> int64  # symbol clamp__int32_int64_int64
# CHECK-NEXT: {{^}}  if (int64(x) < lo):{{$}}
# CHECK-NEXT: {{^}}    return lo{{$}}
# CHECK-NEXT: {{^}}  if (int64(x) > hi):{{$}}
# CHECK-NEXT: {{^}}    return hi{{$}}
# CHECK-NEXT: {{^}}  return int64(x){{$}}
