# A range held in a local and used other than by loops, len() and its
# attributes (here passed to a device function) is a range object, which
# pykc does not have: the error is at the range, as before.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
from numba import cuda


@cuda.jit(device=True)
def first(r):
    return r.start


@cuda.jit("void(int64[:], int64)")
def k(a, n):
    r = range(n)
    a[0] = first(r)

# CHECK:      fail_range_variable_escapes.py:15:9: error: range() outside a for loop is not supported in a kernel [UnsupportedSyntax]
# CHECK-NEXT:     r = range(n)
# CHECK-NEXT:         ^~~~~~~~
