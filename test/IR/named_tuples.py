# Named tuples type as Numba's NamedUniTuple / NamedTuple: Point(int64 x 2)
# is not UniTuple(int64 x 2) (a device function taking one is compiled
# apart, its symbol says which); fields read by name are the tuple's
# elements; a constructor with keywords out of field order evaluates them
# in the order written, as Python does.
# RUN: %pykc %s --sig 'k(float64[:], Point(int64, int64), UniTuple(int64 x 2))' --emit=ir -o - | FileCheck %s
from collections import namedtuple
from numba import cuda

Point = namedtuple('Point', ('x', 'y'))
Span = namedtuple('Span', 'lo, hi')


@cuda.jit(device=True)
def total(p):
    return p[0] + p[1]


@cuda.jit
def k(r, p, q):
    r[0] = total(p) + total(q)
    s = Span(hi=r[1], lo=r[2])
    r[3] = s.hi - s.lo
    r[4] = Point(1, y=2.5).y

# CHECK-LABEL: kernel k(r: array(float64, 1d, A), p: Point(int64 x 2), q: UniTuple(int64 x 2)) -> none
# CHECK-NEXT: r[0] = float64((total__namedtuple_Point_int64_int64(p) + total__tuple_int64_int64(q)))
# CHECK-NEXT: $t0: float64 = r[1]
# CHECK-NEXT: $t1: float64 = r[2]
# CHECK-NEXT: s: Span(float64 x 2) = ($t1, $t0)
# CHECK-NEXT: r[3] = (s[1] - s[0])
# CHECK-NEXT: r[4] = 2.5
# CHECK: device total(p: Point(int64 x 2)) -> int64  # symbol total__namedtuple_Point_int64_int64
# CHECK: device total(p: UniTuple(int64 x 2)) -> int64  # symbol total__tuple_int64_int64
