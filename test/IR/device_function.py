# A device function is typed at each call site: one instance per argument
# list, with a mangled symbol. As in Numba, a literal int argument is a
# compile-time value (Literal[int]): clamp(a[0], 0, 1) is its own instance
# with lo and hi folded in, while run-time values share one by type.
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
    a[2] = clamp(a[2], n, n + 1)
    a[3] = clamp(a[3], 2 * n, n + 5)

# CHECK-LABEL: {{^}}kernel caller(a: array(float32, 1d, A), n: int32) -> none  # symbol caller
# CHECK-NEXT: {{^}}  a[0] = float32(clamp__float32_c0_c1(a[0])){{$}}
# CHECK-NEXT: {{^}}  a[1] = float32(clamp__int32_c0_c10(n)){{$}}
# CHECK-NEXT: {{^}}  a[2] = float32(clamp__float32_int32_int64(a[2], n, (int64(n) + 1))){{$}}
# CHECK-NEXT: {{^}}  a[3] = float32(clamp__float32_int64_int64(a[3], (2 * int64(n)), (int64(n) + 5))){{$}}
# CHECK-LABEL: {{^}}device clamp(x: float32) -> float64  # symbol clamp__float32_c0_c1; compile-time lo = 0, hi = 1
# CHECK-NEXT: {{^}}  if (float64(x) < float64(0)):{{$}}
# CHECK-NEXT: {{^}}    return float64(0){{$}}
# CHECK-NEXT: {{^}}  if (float64(x) > float64(1)):{{$}}
# CHECK-NEXT: {{^}}    return float64(1){{$}}
# CHECK-NEXT: {{^}}  return float64(x){{$}}
# CHECK-LABEL: {{^}}device clamp(x: int32) -> int64  # symbol clamp__int32_c0_c10; compile-time lo = 0, hi = 10
# CHECK-NEXT: {{^}}  if (int64(x) < 0):{{$}}
# CHECK-NEXT: {{^}}    return 0{{$}}
# CHECK-NEXT: {{^}}  if (int64(x) > 10):{{$}}
# CHECK-NEXT: {{^}}    return 10{{$}}
# CHECK-NEXT: {{^}}  return int64(x){{$}}
# CHECK-LABEL: {{^}}device clamp(x: float32, lo: int32, hi: int64) -> float64  # symbol clamp__float32_int32_int64{{$}}
# CHECK-LABEL: {{^}}device clamp(x: float32, lo: int64, hi: int64) -> float64  # symbol clamp__float32_int64_int64{{$}}
# CHECK-NEXT: {{^}}  if (float64(x) < float64(lo)):{{$}}
# CHECK-NEXT: {{^}}    return float64(lo){{$}}
