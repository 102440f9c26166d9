# cuda.atomic.sub, max and min type as add does: the value is cast to the
# dtype (signed or unsigned, int or float) and the old element is returned.
# RUN: %pykc %s --sig 'ops(uint32[:], int64[:, ::1], float64[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda, float32


@cuda.jit
def ops(u, s, f, n):
    a = cuda.atomic.sub(u, 0, n)
    b = cuda.atomic.max(s, (1, 2), a)
    c = cuda.atomic.min(f, -1, float32(n))
    u[1] = a
    s[0, 0] = b
    f[0] = c

# CHECK-LABEL: {{^}}kernel ops(u: array(uint32, 1d, A), s: array(int64, 2d, C), f: array(float64, 1d, A), n: int32) -> none  # symbol ops
# CHECK-NEXT: {{^}}  a: uint32 = cuda.atomic.sub(u, 0, uint32(n)){{$}}
# CHECK-NEXT: {{^}}  b: int64 = cuda.atomic.max(s, (1, 2), int64(a)){{$}}
# CHECK-NEXT: {{^}}  c: float64 = cuda.atomic.min(f, -1, float64(float32(n))){{$}}
# CHECK-NEXT: {{^}}  u[1] = a{{$}}
# CHECK-NEXT: {{^}}  s[0, 0] = b{{$}}
# CHECK-NEXT: {{^}}  f[0] = c{{$}}
