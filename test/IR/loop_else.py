# `else:` on a loop runs when the loop ends without a break of its own: a
# flag its breaks set guards the block; a loop without a break runs the
# block after it unguarded. prange's else is refused.
# RUN: %pykc %s --sig 'search(int64[:], int64[:])' --emit=ir -o - | FileCheck %s
# RUN: not %pykc %s --sig 'total(float64[:])' --emit=ir -o - 2>&1 | FileCheck %s --check-prefix=PRANGE
from numba import cuda, njit, prange


@cuda.jit
def search(a, out):
    i = cuda.grid(1)
    for k in range(a.size):
        if a[k] == i:
            out[i] = k
            break
    else:
        out[i] = -1
    for k in range(3):
        out[i] += k
    else:
        out[i] *= 2


@njit(parallel=True)
def total(a):
    s = 0.0
    for i in prange(a.size):
        s += a[i]
    else:
        s = -1.0
    return s

# CHECK-LABEL: {{^}}kernel search(
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  $t0: bool = False{{$}}
# CHECK-NEXT: {{^}}  for k: int64 in range(0, a.size, 1):{{$}}
# CHECK-NEXT: {{^}}    if (a[k] == i):{{$}}
# CHECK-NEXT: {{^}}      out[i] = k{{$}}
# CHECK-NEXT: {{^}}      $t0: bool = True{{$}}
# CHECK-NEXT: {{^}}      break{{$}}
# CHECK-NEXT: {{^}}  if (not $t0):{{$}}
# CHECK-NEXT: {{^}}    out[i] = -1{{$}}
# CHECK-NEXT: {{^}}  for k: int64 in range(0, 3, 1):{{$}}
# CHECK-NEXT: {{^}}    out[i] = (out[i] + k){{$}}
# CHECK-NEXT: {{^}}  out[i] = (out[i] * 2){{$}}

# PRANGE: loop_else.py:30:9: error: 'else' on a 'prange' loop is not supported in a kernel [UnsupportedSyntax]
