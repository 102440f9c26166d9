# break outside a loop (Python rejects it too).
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1
    break

# CHECK: {{^}}{{.*}}fail_break_outside_loop.py:9:5: error: 'break' outside loop [LoopControlOutsideLoop]{{$}}
# CHECK-NEXT: {{^}}    break{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
