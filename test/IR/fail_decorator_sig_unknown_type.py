# A decorator signature string with a misspelt type name: the caret underlines
# the name inside the string literal.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("void(flaot32[:])")
def k(a):
    a[0] = 1

# CHECK: {{^}}{{.*}}fail_decorator_sig_unknown_type.py:7:17: error: invalid signature: unknown type 'flaot32'; did you mean 'float32'? [InvalidSignature]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(flaot32[:])"){{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~{{$}}
