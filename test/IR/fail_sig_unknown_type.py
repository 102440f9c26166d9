# --sig with a misspelt type: the caret underlines it in the option text.
# RUN: not %pykc %s --sig 'k(flaot32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: {{^}}<--sig>:1:3: error: invalid signature: unknown type 'flaot32'; did you mean 'float32'? [InvalidSignature]{{$}}
# CHECK-NEXT: {{^}}k(flaot32[:]){{$}}
# CHECK-NEXT: {{^}}  ^~~~~~~{{$}}
