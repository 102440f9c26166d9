# A decorator signature string with a missing ')': the caret points into the
# string literal, at the place the parser expected ',' or ')'.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
from numba import cuda


@cuda.jit("void(float32[:]")
def k(a):
    a[0] = 1

# CHECK: {{^}}{{.*}}fail_decorator_sig_unclosed.py:7:27: error: invalid signature: expected ',' or ')' after an argument type [InvalidSignature]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:]"){{$}}
# CHECK-NEXT: {{^}}                          ^{{$}}
