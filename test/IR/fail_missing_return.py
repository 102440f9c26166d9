# A device function whose signature declares a number but that can fall off
# its end (which returns None) is a typing error: None is no int64. (Without
# a declared signature Numba types the result as OptionalType(int64):
# optional_returns.py.)
# RUN: not %pykc %s --sig 'k(float32[:], int64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("int64(float32)", device=True)
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    out[i] = sign(a[i])

# CHECK: {{^}}{{.*}}fail_missing_return.py:10:5: error: 'sign' can reach its end, which returns None, but its signature returns 'int64'; return a value on every path [MissingReturn]{{$}}
# CHECK-NEXT: {{^}}def sign(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_missing_return.py:20:14: note: while compiling 'sign' called with (float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    out[i] = sign(a[i]){{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
