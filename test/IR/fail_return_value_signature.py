# A device function's declared signature fixes its return type: a tuple does
# not convert to the float32 that "float32(float32, float32)" promises. The
# message names the signature, not another return.
# RUN: not %pykc %s --sig 'k(float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("float32(float32, float32)", device=True)
def ordered(x, y):
    if x < y:
        return x, y
    return y, x


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = ordered(a[i], b[i])

# CHECK: {{^}}{{.*}}fail_return_value_signature.py:11:16: error: 'ordered' returns 'UniTuple(float32 x 2)' here but its signature returns 'float32' [ReturnValueMismatch]{{$}}
# CHECK-NEXT: {{^}}        return x, y{{$}}
# CHECK-NEXT: {{^}}               ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_return_value_signature.py:12:12: error: 'ordered' returns 'UniTuple(float32 x 2)' here but its signature returns 'float32' [ReturnValueMismatch]{{$}}
# CHECK-NEXT: {{^}}    return y, x{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_return_value_signature.py:19:16: note: while compiling 'ordered' called with (float32, float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}        a[i] = ordered(a[i], b[i]){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~~~~~{{$}}
