# cuda.atomic.add on a 2-d array with one index: an atomic updates one
# element, never a row.
# RUN: not %pykc %s --sig 'k(int32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    cuda.atomic.add(a, 3, 1)

# CHECK: {{^}}{{.*}}fail_atomic_index_count.py:9:24: error: cuda.atomic.add() needs 2 indices for a 2-dimensional array, not 1 [AtomicIndexCount]{{$}}
# CHECK-NEXT: {{^}}    cuda.atomic.add(a, 3, 1){{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
