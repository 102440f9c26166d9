# One mistake, one error: later uses of the variable stay silent.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
from numba import cuda


@cuda.jit
def k(a):
    c = a
    if a[0] > 0:
        c = 1
    a[0] = c
    a[1] = c + 1
    a[2] = c[0]

# CHECK: {{^}}{{.*}}fail_incompatible_no_cascade.py:10:13: error: variable 'c' is assigned incompatible types 'array(float32, 1d, A)' and 'int64' [IncompatibleAssignment]{{$}}
# CHECK-NEXT: {{^}}        c = 1{{$}}
# CHECK: note: 'c' is assigned 'array(float32, 1d, A)' here [NoteAssignedHere]
