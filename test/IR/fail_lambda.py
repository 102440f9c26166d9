# Lambdas are not supported in a kernel.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    f = lambda z: z + 1
    a[0] = f(1)

# CHECK: {{^}}{{.*}}fail_lambda.py:8:9: error: a lambda is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    f = lambda z: z + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~{{$}}
