# A misspelt attribute of a module or object a kernel uses gets the nearest
# one pykc knows there: a cuda or math function, a thread-index component,
# an array attribute. One near none gets no suggestion; the one-letter
# components of cuda.threadIdx are all named.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
import math
from numba import cuda


@cuda.jit
def k(a, x):
    i = cuda.threadIdx.w
    j = cuda.blockIdx.X
    a[0] = math.sine(x)
    cuda.syncthread()
    a[1] = a.sise
    a[2] = math.nothing(x)

# CHECK: {{^}}{{.*}}fail_attribute_suggestion.py:12:24: error: 'cuda.threadIdx' has no attribute 'w'; did you mean 'x', 'y' or 'z'? [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    i = cuda.threadIdx.w{{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_attribute_suggestion.py:13:23: error: 'cuda.blockIdx' has no attribute 'X'; did you mean 'x'? [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    j = cuda.blockIdx.X{{$}}
# CHECK-NEXT: {{^}}                      ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_attribute_suggestion.py:14:12: error: 'math.sine' is not supported in kernels yet; did you mean 'math.sin'? [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[0] = math.sine(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_attribute_suggestion.py:15:5: error: 'cuda.syncthread' is not supported in kernels yet; did you mean 'cuda.syncthreads'? [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    cuda.syncthread(){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_attribute_suggestion.py:16:14: error: 'array(float32, 1d, A)' has no attribute 'sise'; did you mean 'size'? [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    a[1] = a.sise{{$}}
# CHECK-NEXT: {{^}}             ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_attribute_suggestion.py:17:12: error: 'math.nothing' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[2] = math.nothing(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
