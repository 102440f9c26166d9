# A misspelt @cuda.jit option ('fastmth' for 'fastmath'); Numba rejects
# unknown options too.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(fastmth=True)
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 0.5

# CHECK: {{^}}{{.*}}fail_invalid_decorator.py:7:11: error: invalid decorator: unknown @cuda.jit option 'fastmth' [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit(fastmth=True){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~{{$}}
