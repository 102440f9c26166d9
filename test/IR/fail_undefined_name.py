# A name that is neither a local, a parameter nor a module global.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = q

# CHECK: {{^}}{{.*}}fail_undefined_name.py:8:12: error: name 'q' is not defined [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = q{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
