# print() is not supported in kernels.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    print(a[0])

# CHECK: {{^}}{{.*}}fail_print.py:8:5: error: 'print' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    print(a[0]){{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
