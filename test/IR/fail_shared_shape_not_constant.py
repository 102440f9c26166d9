# The shape of a shared array must be a compile-time constant, not a parameter.
# RUN: not %pykc %s --sig 'k(float32[:], int32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32


@cuda.jit
def k(a, n):
    s = cuda.shared.array(n, float32)
    a[0] = s[0]

# CHECK: {{^}}{{.*}}fail_shared_shape_not_constant.py:8:27: error: the shape of cuda.shared.array (an integer or a tuple of integers) must be a compile-time constant [NotConstant]{{$}}
# CHECK-NEXT: {{^}}    s = cuda.shared.array(n, float32){{$}}
# CHECK-NEXT: {{^}}                          ^{{$}}
