# '~' inverts the bits of an integer; a float has no such operation, in Python
# as in Numba.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = ~a[i]

# CHECK: {{^}}{{.*}}fail_unsupported_unary.py:11:16: error: bad operand type for unary ~: 'float32' [UnsupportedUnary]{{$}}
# CHECK-NEXT: {{^}}        a[i] = ~a[i]{{$}}
# CHECK-NEXT: {{^}}               ^~~~~{{$}}
