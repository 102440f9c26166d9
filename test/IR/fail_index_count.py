# A 1-d array indexed with two indices.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0, 1] = 1

# CHECK: {{^}}{{.*}}fail_index_count.py:8:5: error: too many indices for a 1-dimensional array: 2 [IndexCount]{{$}}
# CHECK-NEXT: {{^}}    a[0, 1] = 1{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
