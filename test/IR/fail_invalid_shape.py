# A local array needs a positive size; here the module constants make it 0.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32

WIDTH = 8
RADIUS = 4


@cuda.jit
def k(a):
    window = cuda.local.array(WIDTH - 2 * RADIUS, float32)
    window[0] = a[0]
    a[0] = window[0]

# CHECK: {{^}}{{.*}}fail_invalid_shape.py:11:31: error: invalid array shape: every dimension must be positive, not 0 [InvalidShape]{{$}}
# CHECK-NEXT: {{^}}    window = cuda.local.array(WIDTH - 2 * RADIUS, float32){{$}}
# CHECK-NEXT: {{^}}                              ^~~~~~~~~~~~~~~~~~{{$}}
