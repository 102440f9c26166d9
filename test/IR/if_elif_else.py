# if/elif/else: an elif is an if in the else branch.
# RUN: %pykc %s --sig 'branch(int64[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def branch(a, n):
    if n < 0:
        a[0] = -1
    elif n == 0:
        a[0] = 0
    else:
        a[0] = 1

# CHECK-LABEL: {{^}}kernel branch(a: array(int64, 1d, A), n: int64) -> none  # symbol branch
# CHECK-NEXT: {{^}}  if (n < 0):{{$}}
# CHECK-NEXT: {{^}}    a[0] = -1{{$}}
# CHECK-NEXT: {{^}}  else:{{$}}
# CHECK-NEXT: {{^}}    if (n == 0):{{$}}
# CHECK-NEXT: {{^}}      a[0] = 0{{$}}
# CHECK-NEXT: {{^}}    else:{{$}}
# CHECK-NEXT: {{^}}      a[0] = 1{{$}}
