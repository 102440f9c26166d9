# A recursive device function without a declared signature is typed from
# its returns that do not recurse, as Numba types fib (recursion.py); when
# every return recurses there is no type to start from: rejected at the
# recursive call, with the fix, and notes back to the kernel (countdown(5)
# is the instance for the literal 5, as Numba's Literal[int](5); `n - 1` is
# a run-time int64).
# RUN: not %pykc %s --sig 'k(int64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def countdown(n):
    return countdown(n - 1)


@cuda.jit
def k(a):
    a[0] = countdown(5)

# CHECK: {{^}}{{.*}}fail_recursion.py:13:12: error: 'countdown' calls itself, and none of its returns gives a value without that call, so its return type cannot be inferred; declare it (@cuda.jit('int64(int64)', device=True)) [RecursiveCall]{{$}}
# CHECK-NEXT: {{^}}    return countdown(n - 1){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_recursion.py:13:12: note: while compiling 'countdown' called with (int64) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    return countdown(n - 1){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_recursion.py:18:12: note: while compiling 'countdown' called with (5) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    a[0] = countdown(5){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
