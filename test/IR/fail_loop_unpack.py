# A loop target that unpacks takes each element as an assignment would:
# the element must be a tuple of as many parts as there are names, and a
# range's integers cannot be unpacked.
# RUN: not %pykc %s --sig 'too_few(int64[:])' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FEW --implicit-check-not=error:
# RUN: not %pykc %s --sig 'ranged(int64[:])' -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE --implicit-check-not=error:
from numba import cuda

TRIPLES = ((1, 2, 3), (4, 5, 6))


@cuda.jit
def too_few(out):
    for p, q in TRIPLES:
        out[0] += p + q


@cuda.jit
def ranged(out):
    for j, (p, q) in enumerate(range(3)):
        out[0] += p

# FEW: fail_loop_unpack.py:13:17: error: invalid argument to unpacking: cannot unpack 'UniTuple(int64 x 3)' into 2 targets [InvalidArgument]
# FEW-NEXT: {{^}}    for p, q in TRIPLES:{{$}}
# RANGE: fail_loop_unpack.py:19:12: error: unpacking a range's integer is not supported in a kernel [UnsupportedSyntax]
# RANGE-NEXT: {{^}}    for j, (p, q) in enumerate(range(3)):{{$}}
