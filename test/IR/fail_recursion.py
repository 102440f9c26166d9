# A recursive device function is rejected at the recursive call; a note shows the kernel's call site.
# RUN: not %pykc %s --sig 'k(int64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit
def k(a):
    a[0] = fact(5)

# CHECK: {{^}}{{.*}}fail_recursion.py:10:16: error: 'fact' calls itself; recursion is not supported in kernels [RecursiveCall]{{$}}
# CHECK-NEXT: {{^}}    return n * fact(n - 1){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_recursion.py:15:12: note: while compiling 'fact' called with (int64) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    a[0] = fact(5){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
