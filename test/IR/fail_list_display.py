# List displays are not supported in a kernel.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    l = [1, 2]
    a[0] = l[0]

# CHECK: {{^}}{{.*}}fail_list_display.py:8:9: error: a list is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    l = [1, 2]{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
