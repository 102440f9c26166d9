# --sig naming a misspelt kernel or device function gets the nearest
# function of the file that takes a signature; a plain Python function
# ('host') is no candidate.
# RUN: not %pykc %s --sig 'incremnt(float32[:])' --sig 'hots(float32[:])' --sig 'increment(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def increment(a):
    a[0] += 1


def host(a):
    return a

# CHECK: {{^}}<--sig>:1:1: error: --sig names 'incremnt', which is not a @cuda.jit function in '{{.*}}fail_sig_unknown_kernel_suggestion.py'; did you mean 'increment'? [UnknownSignatureTarget]{{$}}
# CHECK-NEXT: {{^}}incremnt(float32[:]){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}<--sig>:1:1: error: --sig names 'hots', which is not a @cuda.jit function in '{{.*}}fail_sig_unknown_kernel_suggestion.py' [UnknownSignatureTarget]{{$}}
# CHECK-NEXT: {{^}}hots(float32[:]){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~{{$}}
