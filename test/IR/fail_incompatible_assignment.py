# A variable assigned an array and then a scalar; a note points at the first assignment.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    c = a
    c = 1

# CHECK: {{^}}{{.*}}fail_incompatible_assignment.py:9:9: error: variable 'c' is assigned incompatible types 'array(float32, 1d, A)' and 'int64' [IncompatibleAssignment]{{$}}
# CHECK-NEXT: {{^}}    c = 1{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_incompatible_assignment.py:8:5: note: 'c' is assigned 'array(float32, 1d, A)' here [NoteAssignedHere]{{$}}
# CHECK-NEXT: {{^}}    c = a{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
