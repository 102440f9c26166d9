# A device function compiled for the signatures it declares accepts only
# arguments that convert to one of them: an array does not convert to float32.
# RUN: not %pykc %s --sig 'k(float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("float32(float32, float32)", device=True)
def lerp(x, y):
    return x + (y - x) * 0.5


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = lerp(a[i], b)

# CHECK: {{^}}{{.*}}fail_no_matching_signature.py:16:16: error: no signature of 'lerp' accepts (float32, array(float32, 1d, A)) [NoMatchingSignature]{{$}}
# CHECK-NEXT: {{^}}        a[i] = lerp(a[i], b){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~{{$}}
