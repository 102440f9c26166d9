# The value of cuda.atomic.sub must be a number, cast to the array's dtype.
# RUN: not %pykc %s --sig 'k(int32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    cuda.atomic.sub(a, 0, (1, 2))

# CHECK: {{^}}{{.*}}fail_atomic_value.py:8:27: error: invalid argument to cuda.atomic.sub: cannot convert 'UniTuple(int64 x 2)' to the array's dtype 'int32' [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    cuda.atomic.sub(a, 0, (1, 2)){{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~{{$}}
