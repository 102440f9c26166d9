# Array arithmetic is not supported: array + int has no overload.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    b = a + 1
    a[0] = b[0]

# CHECK: {{^}}{{.*}}fail_array_plus_int.py:8:9: error: unsupported operand types for +: 'array(float32, 1d, A)' and 'int64' [UnsupportedBinary]{{$}}
# CHECK-NEXT: {{^}}    b = a + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
