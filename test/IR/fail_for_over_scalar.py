# A for loop walks range(), arrays (elements or rows), enumerate() and zip()
# of arrays; anything else is rejected at the iterable, and a target that
# does not match the iterable's shape at the target; enumerate and zip take
# no keywords.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    n = a.size
    for v in n:
        a[0] = v
    for i, v, w in enumerate(a):
        a[0] = v
    for v, w in zip(a, a, strict=True):
        a[0] = v

# CHECK: {{^}}{{.*}}fail_for_over_scalar.py:12:14: error: a for loop over 'int64' (range(), arrays, tuples of one type, enumerate() and zip() of them are supported) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    for v in n:{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_for_over_scalar.py:14:9: error: this loop target (2 names are needed) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    for i, v, w in enumerate(a):{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_for_over_scalar.py:16:27: error: zip() got an unexpected keyword argument 'strict' [UnknownKeyword]{{$}}
# CHECK-NEXT: {{^}}    for v, w in zip(a, a, strict=True):{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~{{$}}
