# A variable assigned an array on one path and a scalar on another, read
# where the paths join: Numba cannot unify the two versions, nor can pykc;
# a note points at the first assignment. (Versions that never meet are
# separate variables: test/IR/assignment_versions.py.)
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    if a[0] > 0:
        c = a
    else:
        c = 1
    a[0] = c

# CHECK: {{^}}{{.*}}fail_incompatible_assignment.py:14:13: error: variable 'c' is assigned incompatible types 'array(float32, 1d, A)' and 'int64' [IncompatibleAssignment]{{$}}
# CHECK-NEXT: {{^}}        c = 1{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_incompatible_assignment.py:12:9: note: 'c' is assigned 'array(float32, 1d, A)' here [NoteAssignedHere]{{$}}
# CHECK-NEXT: {{^}}        c = a{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
