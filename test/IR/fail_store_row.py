# Assigning to a whole row is not supported yet: one clear error.
# RUN: not %pykc %s --sig 'k(float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: {{^}}{{.*}}fail_store_row.py:8:5: error: assigning to a whole row of an array (index every dimension) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[0] = 1{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
