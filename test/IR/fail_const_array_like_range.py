# cuda.const.array_like(range(n)) is not len(range(n)): the range is a
# range() outside a for loop, refused as such (the checker once typed it
# as the range's integer).
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
from numba import cuda


@cuda.jit("void(int64[:])")
def k(out):
    out[0] = cuda.const.array_like(range(4))
# CHECK: fail_const_array_like_range.py:10:36: error: range() outside a for loop is not supported in a kernel [UnsupportedSyntax]
