# A parameter the body reassigns takes the unification of its types, as
# Numba's typing of its versions gives: `n = n * n` makes the int32 n int64.
# RUN: %pykc %s --sig 'k(int64[:], int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def k(a, n):
    n = n * n
    a[0] = n

# CHECK-LABEL: kernel k(a: array(int64, 1d, A), n: int32)
# CHECK-NEXT: n: int64 = int64(n)
# CHECK-NEXT: n: int64 = (n * n)
# CHECK-NEXT: a[0] = n
