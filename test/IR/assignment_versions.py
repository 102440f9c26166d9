# Numba types each assignment of a variable on its own and unifies only the
# versions that reach one use together: a loop variable that walks tuples
# of two vector types is two variables, and an int later replaced by a
# float keeps its int version for the uses before (x // 2 is an integer
# division). Versions of one type stay one variable.
# RUN: %pykc %s --sig 'k(float64[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def k(res):
    a2 = cuda.int8x2(1, 2)
    a3 = cuda.int8x3(3, 4, 5)
    j = 0
    for v in (a2, a2):
        res[j] = v.x
        j += 1
    for v in (a3, a3):
        res[j] = v.z
        j += 1
    x = 7
    res[j] = x // 2
    x = 2.5
    res[j + 1] = x

# CHECK-LABEL: kernel k(res: array(float64, 1d, A))
# CHECK: j: int64 = 0
# CHECK: v: int8x2 = $t5[$t6]
# CHECK-NEXT: res[j] = float64(v.x)
# CHECK-NEXT: j: int64 = (j + 1)
# CHECK: v.1: int8x3 = $t7[$t8]
# CHECK-NEXT: res[j] = float64(v.1.z)
# CHECK-NEXT: j: int64 = (j + 1)
# CHECK-NEXT: x: int64 = 7
# CHECK-NEXT: res[j] = float64(pykc_floordiv_int64(x, 2))
# CHECK-NEXT: x.1: float64 = 2.5
# CHECK-NEXT: res[(j + 1)] = x.1
