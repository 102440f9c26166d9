# A with statement is not supported in a kernel.
# RUN: not %pykc %s --sig 'k(float32[:], int32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, n):
    with n:
        a[0] = 1

# CHECK: {{^}}{{.*}}fail_with.py:8:5: error: a 'with' statement is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    with n:{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
