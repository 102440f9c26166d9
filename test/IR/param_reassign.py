# A parameter reassigned in straight-line code is a new version of the name
# with its own type, as Numba types each assignment (n.1 is int64, n stays
# the int32 passed); reassigned in a loop, the versions meet at the loop's
# head and the parameter takes their unification.
# RUN: %pykc %s --sig 'k(int64[:], int32)' --sig 'loop(int64[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def k(a, n):
    n = n * n
    a[0] = n


@cuda.jit
def loop(a, n):
    for i in range(3):
        n = n * n
    a[0] = n

# CHECK-LABEL: kernel k(a: array(int64, 1d, A), n: int32)
# CHECK-NEXT: n.1: int64 = (int64(n) * int64(n))
# CHECK-NEXT: a[0] = n.1
# CHECK-LABEL: kernel loop(a: array(int64, 1d, A), n: int32)
# CHECK-NEXT: n: int64 = int64(n)
# CHECK-NEXT: for i: int64 in range(0, 3, 1):
# CHECK-NEXT:   n: int64 = (n * n)
# CHECK-NEXT: a[0] = n
