# A math-module function Numba-CUDA does not compile either (math.factorial)
# is one clear error.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import math
from numba import cuda


@cuda.jit
def k(a):
    a[0] = math.factorial(a[1])

# CHECK: {{^}}{{.*}}fail_math_unsupported.py:10:12: error: 'math.factorial' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[0] = math.factorial(a[1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
