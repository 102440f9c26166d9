# cuda.grid(2) returns a tuple, and tuples are immutable: clamp the index in
# a variable instead.
# RUN: not %pykc %s --sig 'k(float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    pos = cuda.grid(2)
    if pos[0] >= a.shape[0]:
        pos[0] = a.shape[0] - 1
    a[pos] = 1

# CHECK: {{^}}{{.*}}fail_read_only_target.py:11:9: error: cannot assign to an element of a tuple [ReadOnlyTarget]{{$}}
# CHECK-NEXT: {{^}}        pos[0] = a.shape[0] - 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
