# `is` and `is not` as Numba's generic `is` types them: two values of one
# scalar type compare with == (!=); a number and None are never the same,
# a constant False (True) that prunes the branch it decides, as
# `if n is None:` defaults do in device functions.
# RUN: %pykc %s --sig 'k(int64[:], int64[:], int64[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda
@cuda.jit
def k(a, b, out, n):
    out[0] = a[0] is b[0]
    out[1] = a[0] is not b[0]
    out[2] = n is None
    if n is not None:
        out[3] = 5
    if n is None:
        out[4] = 1.5 + (1, 2)

# CHECK-LABEL: {{^}}kernel k(
# CHECK-NEXT: {{^}}  out[0] = int64((a[0] == b[0])){{$}}
# CHECK-NEXT: {{^}}  out[1] = int64((a[0] != b[0])){{$}}
# CHECK-NEXT: {{^}}  out[2] = int64(False){{$}}
# CHECK-NEXT: {{^}}  out[3] = 5{{$}}
# CHECK-EMPTY:
