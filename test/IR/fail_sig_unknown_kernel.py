# --sig naming a function that is not a @cuda.jit kernel in the file; the
# diagnostic points into the option text.
# RUN: not %pykc %s --sig 'kernal(float32[:])' --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: {{^}}<--sig>:1:1: error: --sig names 'kernal', which is not a @cuda.jit function in '{{.*}}fail_sig_unknown_kernel.py' [UnknownSignatureTarget]{{$}}
# CHECK-NEXT: {{^}}kernal(float32[:]){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
