# An accumulator that is never initialised: 'total += x' reads 'total' first,
# and no assignment anywhere gives it a value (and so a type).
# RUN: not %pykc %s --sig 'k(float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, out):
    for i in range(a.size):
        total += a[i]
    out[0] = total

# CHECK: {{^}}{{.*}}fail_unassigned_variable.py:10:9: error: local variable 'total' is never assigned a value [UnassignedVariable]{{$}}
# CHECK-NEXT: {{^}}        total += a[i]{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
