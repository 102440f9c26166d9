# A range held in a local is its three values, taken where the range is
# made: loops over it are loops over range(start, stop, step), len() and
# the attributes read them (frontend/RangeVariables.h).
# RUN: %pykc %s --emit=ir -o - | FileCheck %s
from numba import cuda, njit


# CHECK-LABEL: kernel k(
# CHECK-NEXT:    r.start: int64 = 1
# CHECK-NEXT:    r.stop: int64 = n
# CHECK-NEXT:    r.step: int64 = 2
# CHECK-NEXT:    n: int64 = 0
# CHECK-NEXT:    if (r.step == 0):
# CHECK-NEXT:      return
# CHECK-NEXT:    for i: int64 in range(r.start, r.stop, r.step):
# CHECK:         a[0] = float32(r.stop)
# CHECK-NEXT:    a[1] = float32(r.step)
@cuda.jit("void(float32[:], int64)")
def k(a, n):
    r = range(1, n, 2)
    n = 0
    for i in r:
        a[i] = 1.0
    a[0] = r.stop
    a[1] = r.step


# The one-argument form keeps its loop's typing: int32 bounds, int32 index.
# CHECK-LABEL: host count(n: int32) -> int64
# CHECK-NEXT:    r.stop: int32 = n
# CHECK:         for i: int32 in range(int32(0), r.stop, int32(1)):
@njit("int64(int32)")
def count(n):
    r = range(n)
    t = 0
    for i in r:
        t += i
    return t + len(r) + r.start + r.step
# len(r) is len(range(r.stop)): the range's int32.
# CHECK:         $t0: int64 = (int64(r.stop) - int64(int32(0)))
# CHECK-NEXT:    $t1: int64 = (0 if ($t0 < 0) else $t0)
# CHECK-NEXT:    return (((t + int64(int32($t1))) + 0) + 1)
