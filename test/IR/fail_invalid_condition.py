# An array has no truth value: the condition meant 'mask[i]'.
# RUN: not %pykc %s --sig 'k(float32[:], boolean[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, mask):
    i = cuda.grid(1)
    if mask:
        a[i] = 0

# CHECK: {{^}}{{.*}}fail_invalid_condition.py:9:8: error: 'array(bool, 1d, A)' cannot be used as a condition [InvalidCondition]{{$}}
# CHECK-NEXT: {{^}}    if mask:{{$}}
# CHECK-NEXT: {{^}}       ^~~~{{$}}
