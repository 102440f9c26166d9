# Foreign functions are device code: an @njit function run on the host
# cannot call one (Numba's CPU target cannot type a declare_device stub
# either), nor can a function such an @njit function calls; an @njit
# function that only kernels call can. Exit status 1.
# RUN: %python %S/../Driver/Inputs/expect_exit.py 1 %pykc %s -w -o /dev/null 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, njit

mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")


@njit("float32(float32)")
def square_on_host(x):
    return mul(x, x)


@njit
def twice(x):
    return mul(x, 2.0)


@njit("float32(float32)")
def calls_twice(x):
    return twice(x) + 1


@njit
def thrice(x):
    return mul(x, 3.0)


@cuda.jit("void(float32[:])", link=["Inputs/functions.cu"])
def k(a):
    a[0] = thrice(a[0])

# CHECK: {{^}}{{.*}}fail_host_call.py:14:12: error: foreign function 'mul' is CUDA device code (cuda.declare_device) that only kernels and the device functions they call can call; 'square_on_host' is an @njit function run on the host, where Numba cannot call it either: call 'mul' from a @cuda.jit kernel, or call 'square_on_host' only from kernels [ForeignInHostFunction]{{$}}
# CHECK-NEXT: {{^}}    return mul(x, x){{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_call.py:12:8: note: while compiling 'square_on_host' called with (float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}@njit("float32(float32)"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_call.py:19:12: error: foreign function 'mul' is CUDA device code (cuda.declare_device) that only kernels and the device functions they call can call; 'twice' is an @njit function run on the host, where Numba cannot call it either: call 'mul' from a @cuda.jit kernel, or call 'twice' only from kernels [ForeignInHostFunction]{{$}}
# CHECK-NEXT: {{^}}    return mul(x, 2.0){{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_call.py:24:12: note: while compiling 'twice' called with (float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}    return twice(x) + 1{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_call.py:22:8: note: while compiling 'calls_twice' called with (float32) [DeviceFunctionFailed]{{$}}
# CHECK-NEXT: {{^}}@njit("float32(float32)"){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~~~~{{$}}
