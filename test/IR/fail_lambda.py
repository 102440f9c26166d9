# Nested functions and lambdas bound to a name are lifted out (Numba inlines
# them); what is not stays refused: a lambda not bound to a name, a nested
# function that reads the outer function's variables used as a value, one
# with *args, and a decorated one.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@cuda.jit
def k(a, s):
    def scaled(z):
        return z * s

    def spread(*zs):
        return zs[0]

    @cuda.jit(device=True)
    def inner(z):
        return z

    a[0] = apply(lambda z: z + 1, 1.0)
    a[1] = apply(scaled, a[2])

# CHECK: {{^}}{{.*}}fail_lambda.py:16:9: error: a nested function that reads 's' of 'k' and is used other than by calling it is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    def scaled(z):{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_lambda.py:19:9: error: a nested function with *args, **kwargs or keyword-only parameters is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK: {{^}}{{.*}}fail_lambda.py:23:9: error: a nested function with decorators is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK: {{^}}{{.*}}fail_lambda.py:26:18: error: a lambda is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[0] = apply(lambda z: z + 1, 1.0){{$}}
