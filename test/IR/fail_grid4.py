# cuda.grid takes 1, 2 or 3 dimensions.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    g = cuda.grid(4)
    a[0] = g[0]

# CHECK: {{^}}{{.*}}fail_grid4.py:8:19: error: invalid argument to cuda.grid: the number of dimensions must be the constant 1, 2 or 3 [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    g = cuda.grid(4){{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
