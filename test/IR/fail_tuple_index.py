# A 2-dimensional array's shape has two entries: 'a.shape[2]' is past its end.
# The index is a constant, so the error is found at compile time.
# RUN: not %pykc %s --sig 'k(float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i, j = cuda.grid(2)
    if i < a.shape[1] and j < a.shape[2]:
        a[i, j] = 0

# CHECK: {{^}}{{.*}}fail_tuple_index.py:10:39: error: tuple index 2 is out of range for UniTuple(int64 x 2) [TupleIndex]{{$}}
# CHECK-NEXT: {{^}}    if i < a.shape[1] and j < a.shape[2]:{{$}}
# CHECK-NEXT: {{^}}                                      ^{{$}}
