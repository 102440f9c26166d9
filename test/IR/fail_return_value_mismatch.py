# A device function returns one type: here a tuple on one path and a float on
# the other, which Numba cannot unify either.
# RUN: not %pykc %s --sig 'k(float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def safe_div(x, y):
    if y == 0:
        return 0.0, False
    return x / y


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = safe_div(a[i], b[i])

# CHECK: {{^}}{{.*}}fail_return_value_mismatch.py:11:12: error: 'safe_div' returns 'float32' here but 'Tuple(float64, bool)' elsewhere [ReturnValueMismatch]{{$}}
# CHECK-NEXT: {{^}}    return x / y{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_return_value_mismatch.py:18:16: note: while compiling 'safe_div' called with (float32, float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}        a[i] = safe_div(a[i], b[i]){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~~~~~~{{$}}
