# A range's step is checked where the range is iterated or measured, as
# Numba's range iterator does: @njit code raises ValueError to its caller,
# a kernel's thread ends (Numba-CUDA without debug=True), a GPU device
# function, which cannot end its thread, iterates nothing. A constant step
# needs no check. Start, stop and step are evaluated once, in order, before
# the check.
# RUN: %pykc %s --emit=ir -o - | FileCheck %s
from numba import cuda, njit


@cuda.jit(device=True)
def fill(a, s):
    for i in range(0, a.size, s):
        a[i] = 2.0


def first(a):
    return a[0]


# CHECK-LABEL: kernel k(
# CHECK-NEXT:    if (s == 0):
# CHECK-NEXT:      return
# CHECK-NEXT:    for i: int64 in range(0, a.size, s):
# CHECK-NEXT:      a[i] = float32(1.0)
# CHECK-NEXT:    for i: int64 in range(0, a.size, 2):
# CHECK-NEXT:      a[i] = float32(3.0)
# CHECK-NEXT:    $t0: int64 = a.size
# CHECK-NEXT:    $t1: int64 = (s * 3)
# CHECK-NEXT:    if ($t1 == 0):
# CHECK-NEXT:      return
# CHECK-NEXT:    for i: int64 in range(1, $t0, $t1):
# CHECK:         fill__float32_1dA_int64(a, s)
@cuda.jit("void(float32[:], int64)")
def k(a, s):
    for i in range(0, a.size, s):
        a[i] = 1.0
    for i in range(0, a.size, 2):
        a[i] = 3.0
    for i in range(1, a.size, s * 3):
        a[i] = 4.0
    fill(a, s)


# CHECK-LABEL: device fill(
# CHECK-NEXT:    for i: int64 in range(0, a.size, s):


# len(range(...)) has the range's integer type (int64 here: the literal 0
# is int64, so Numba types the range range_state64; int32 for range(n)),
# and checks the step as a loop over it does.
# CHECK-LABEL: host lengths(n: int32, s: int32) -> int64
# CHECK-NEXT:    $t0: int64 = int64(n)
# CHECK-NEXT:    $t1: int64 = int64(s)
# CHECK-NEXT:    if ($t1 == 0):
# CHECK-NEXT:      return  # raises ValueError: range() arg 3 must not be zero
# CHECK-NEXT:    $t2: int64 = (0 - pykc_floordiv_int64_host((0 - $t0), $t1))
# CHECK-NEXT:    $t3: int64 = (0 if ($t2 < 0) else $t2)
# CHECK-NEXT:    $t4: int64 = (int64(n) - int64(int32(0)))
# CHECK-NEXT:    $t5: int64 = (0 if ($t4 < 0) else $t4)
# CHECK-NEXT:    return ($t3 + int64(int32($t5)))
@njit("int64(int32, int32)")
def lengths(n, s):
    return len(range(0, n, s)) + len(range(n))
