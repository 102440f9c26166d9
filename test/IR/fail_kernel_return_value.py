# A kernel must return void; the caret is on the returned value.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1
    return a[0]

# CHECK: {{^}}{{.*}}fail_kernel_return_value.py:9:12: error: kernel 'k' must return void, not 'float32' [KernelReturnType]{{$}}
# CHECK-NEXT: {{^}}    return a[0]{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
