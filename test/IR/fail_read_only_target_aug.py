# Augmented assignment to a tuple element is an assignment too: the tuple
# from cuda.grid(2) can be indexed but not changed.
# RUN: not %pykc %s --sig 'k(float32[:, :], float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, out):
    pos = cuda.grid(2)
    out[pos] = a[pos]
    pos[1] += 1
    out[pos] -= a[pos]

# CHECK: {{^}}{{.*}}fail_read_only_target_aug.py:11:5: error: cannot assign to an element of a tuple [ReadOnlyTarget]{{$}}
# CHECK-NEXT: {{^}}    pos[1] += 1{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
