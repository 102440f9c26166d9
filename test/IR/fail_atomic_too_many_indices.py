# cuda.atomic.max on a 1-d array with a 2-tuple index: the usual indexing
# error, pointing at the index argument.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    cuda.atomic.max(a, (0, 1), 1.0)

# CHECK: {{^}}{{.*}}fail_atomic_too_many_indices.py:9:24: error: too many indices for a 1-dimensional array: 2 [IndexCount]{{$}}
# CHECK-NEXT: {{^}}    cuda.atomic.max(a, (0, 1), 1.0){{$}}
# CHECK-NEXT: {{^}}                       ^~~~~~{{$}}
