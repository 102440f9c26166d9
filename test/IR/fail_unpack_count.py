# Unpacking a 1-d array's shape into two names.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    m, n = a.shape
    a[0] = m + n

# CHECK: {{^}}{{.*}}fail_unpack_count.py:8:12: error: invalid argument to unpacking: cannot unpack 'UniTuple(int64 x 1)' into 2 targets [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    m, n = a.shape{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
