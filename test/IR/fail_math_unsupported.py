# A math-module function pykc has no row for yet is one clear error.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import math
from numba import cuda


@cuda.jit
def k(a):
    m, e = math.frexp(a[1])

# CHECK: {{^}}{{.*}}fail_math_unsupported.py:9:12: error: 'math.frexp' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    m, e = math.frexp(a[1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
