# The first argument of cuda.atomic.add must be an array.
# RUN: not %pykc %s --sig 'k(int32[:], int64)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, n):
    cuda.atomic.add(n, 0, 1)

# CHECK: {{^}}{{.*}}fail_atomic_not_array.py:8:21: error: invalid argument to cuda.atomic.add: the first argument must be an array, not 'int64' [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    cuda.atomic.add(n, 0, 1){{$}}
# CHECK-NEXT: {{^}}                    ^{{$}}
