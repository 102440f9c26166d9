# '/' is true division: its result is a float even for two integers, and no
# index. The note points at the operator and says to write '//'.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i / 2] = 0
    a[(i + 1) / 2 + 1] = 0

# CHECK: {{^}}{{.*}}fail_index_true_division.py:10:7: error: an index must be an integer, not 'float64' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[i / 2] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_index_true_division.py:10:9: note: '/' is true division, whose result is a float even for integers; write '//' for floor division, whose result is an integer [NoteFloorDivision]{{$}}
# CHECK-NEXT: {{^}}    a[i / 2] = 0{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_index_true_division.py:11:7: error: an index must be an integer, not 'float64' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[(i + 1) / 2 + 1] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_index_true_division.py:11:15: note: '/' is true division, whose result is a float even for integers; write '//' for floor division, whose result is an integer [NoteFloorDivision]{{$}}
# CHECK-NEXT: {{^}}    a[(i + 1) / 2 + 1] = 0{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
