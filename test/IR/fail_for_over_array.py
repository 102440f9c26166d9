# A for loop can only iterate over range(); iterating an array is rejected at the iterable.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    for v in a:
        a[0] = v

# CHECK: {{^}}{{.*}}fail_for_over_array.py:8:14: error: a for loop over anything but range() is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    for v in a:{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
