# while loops with break and continue; elif nests as an if in the else.
# RUN: %pykc %s --sig 'loop(int64[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def loop(a, n):
    i = 0
    while i < n:
        i += 1
        if a[i] == 0:
            continue
        if a[i] < 0:
            break
        a[i] = i

# CHECK-LABEL: {{^}}kernel loop(a: array(int64, 1d, A), n: int64) -> none  # symbol loop
# CHECK-NEXT: {{^}}  i: int64 = 0{{$}}
# CHECK-NEXT: {{^}}  while (i < n):{{$}}
# CHECK-NEXT: {{^}}    i: int64 = (i + 1){{$}}
# CHECK-NEXT: {{^}}    if (a[i] == 0):{{$}}
# CHECK-NEXT: {{^}}      continue{{$}}
# CHECK-NEXT: {{^}}    if (a[i] < 0):{{$}}
# CHECK-NEXT: {{^}}      break{{$}}
# CHECK-NEXT: {{^}}    a[i] = i{{$}}
