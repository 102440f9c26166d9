# An optional is not tested for truth (Numba has no truth(OptionalType)):
# the error shows the `is not None` test, in `if` and in `and`/`or`.
# RUN: not %pykc %s --sig 'k(int64[:], int64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def find(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    r = find(a, i)
    if r:
        out[i] = 1
    if i > 2 and r:
        out[i] = 2

# CHECK: {{^}}{{.*}}fail_optional_condition.py:18:8: error: 'r' is OptionalType(int64), which Numba does not test for truth; write 'r is not None' to test for None [OptionalCondition]{{$}}
# CHECK-NEXT: {{^}}    if r:{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_optional_condition.py:20:18: error: 'r' is OptionalType(int64), which Numba does not test for truth; write 'r is not None' to test for None [OptionalCondition]{{$}}
# CHECK-NEXT: {{^}}    if i > 2 and r:{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
