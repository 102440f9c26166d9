# A nested def and a lambda bound to a name become device functions named
# by Python's qualified name; each call passes the kernel's variables they
# read by keyword (a call of one that calls the other passes both's), so
# each reads them as they are when it runs.
# RUN: %pykc %s --sig 'k(float64[:], float64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def k(a, scale):
    n = a.shape[0]
    shift = lambda x: x + n
    def scaled(x):
        return shift(x) * scale
    a[0] = scaled(a[1])
    n = 3
    a[1] = scaled(a[2])

# CHECK-LABEL: kernel k(a: array(float64, 1d, A), scale: float64)
# CHECK: a[0] = k__locals__scaled__float64_int64_float64($t0, n, scale)
# CHECK: n: int64 = 3
# CHECK: a[1] = k__locals__scaled__float64_int64_float64($t1, n, scale)
# CHECK-LABEL: device k.<locals>.scaled(x: float64, n: int64, scale: float64) -> float64
# CHECK-NEXT: return (k__locals__shift__float64_int64(x, n) * scale)
# CHECK-LABEL: device k.<locals>.shift(x: float64, n: int64) -> float64
# CHECK-NEXT: return (x + float64(n))
