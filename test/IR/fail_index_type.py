# An array index must be an integer, not a float.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, x):
    a[x] = 1

# CHECK: {{^}}{{.*}}fail_index_type.py:8:7: error: an index must be an integer, not 'float32' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[x] = 1{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
