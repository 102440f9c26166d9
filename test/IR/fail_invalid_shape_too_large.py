# A local array whose element count does not fit in int64: every dimension is
# positive, and the message says what is wrong instead.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32

N = 1 << 32


@cuda.jit
def k(a):
    grid = cuda.local.array((N, N), float32)
    grid[0, 0] = a[0]
    a[0] = grid[0, 0]

# CHECK: {{^}}{{.*}}fail_invalid_shape_too_large.py:11:29: error: invalid array shape: (4294967296, 4294967296) has more elements than int64 can count [InvalidShape]{{$}}
# CHECK-NEXT: {{^}}    grid = cuda.local.array((N, N), float32){{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~{{$}}
