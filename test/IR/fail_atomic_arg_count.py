# cuda.atomic.add takes an array, an index and a value.
# RUN: not %pykc %s --sig 'k(int32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    cuda.atomic.add(a, 0)

# CHECK: {{^}}{{.*}}fail_atomic_arg_count.py:8:5: error: cuda.atomic.add() takes 3 arguments but 2 were given [ArgumentCount]{{$}}
# CHECK-NEXT: {{^}}    cuda.atomic.add(a, 0){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~~{{$}}
