# math.sqrt is not supported yet.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import math
from numba import cuda


@cuda.jit
def k(a):
    a[0] = math.sqrt(a[1])

# CHECK: {{^}}{{.*}}fail_math_sqrt.py:9:12: error: 'math.sqrt' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[0] = math.sqrt(a[1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
