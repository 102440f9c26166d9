# continue outside a loop.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    if a[0] > 0:
        continue

# CHECK: {{^}}{{.*}}fail_continue_outside_loop.py:9:9: error: 'continue' outside loop [LoopControlOutsideLoop]{{$}}
# CHECK-NEXT: {{^}}        continue{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
