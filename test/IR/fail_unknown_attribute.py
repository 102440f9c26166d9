# A misspelt array attribute: arrays have 'size' and 'shape', not 'length'.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.length:
        a[i] = 0

# CHECK: {{^}}{{.*}}fail_unknown_attribute.py:9:14: error: 'array(float32, 1d, A)' has no attribute 'length' [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    if i < a.length:{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~{{$}}
