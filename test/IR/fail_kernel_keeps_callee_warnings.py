# A kernel with a type error after a call of a device function that types:
# only the kernel fails. The callee is still built, so the checks of the IR
# (here, float64 arithmetic in float32 code) still see it and warn, as they
# would with the error fixed. The IR builder runs only on what the typing
# checker accepted (docs/design/typing-pass.md, risk 6).
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def scale(x):
    return x * 2.5


@cuda.jit
def k(a):
    i = cuda.grid(1)
    a[i] = scale(a[i])
    a[i] = a[i] + "one"

# CHECK: fail_kernel_keeps_callee_warnings.py:19:19: error: 'one' is not a value that a kernel can use [NotAValue]
# CHECK: fail_kernel_keeps_callee_warnings.py:12:16: warning: 'x * 2.5' computes in float64 {{.*}} [Float64Promotion]
