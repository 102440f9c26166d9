# A recursive device function without a declared signature is rejected at
# the recursive call, as Numba needs its return type first; notes show
# the call chain back to the kernel (fact(5) is the instance for the literal
# 5, as Numba's Literal[int](5); `n - 1` is a run-time int64).
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

# CHECK: {{^}}{{.*}}fail_recursion.py:13:16: error: 'fact' calls itself without a declared signature; give it one (@cuda.jit('int64(int64)', device=True)) so that its return type is known before its body is typed [RecursiveCall]{{$}}
# CHECK-NEXT: {{^}}    return n * fact(n - 1){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_recursion.py:13:16: note: while compiling 'fact' called with (int64) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    return n * fact(n - 1){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_recursion.py:18:12: note: while compiling 'fact' called with (5) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    a[0] = fact(5){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
