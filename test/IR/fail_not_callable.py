# 'size' is an attribute of an array, not a method: 'a.size()' calls an
# integer.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size():
        a[i] = 0

# CHECK: {{^}}{{.*}}fail_not_callable.py:10:12: error: 'int64' cannot be called in a kernel [NotCallable]{{$}}
# CHECK-NEXT: {{^}}    if i < a.size():{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
