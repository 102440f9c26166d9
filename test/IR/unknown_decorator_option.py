# A @cuda.jit option pykc does not know ('fastmth' for 'fastmath', or one a
# newer Numba-CUDA added) is a warning, not an error: the kernel compiles
# without it.
# RUN: %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(fastmth=True)
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 0.5

# CHECK: {{^}}{{.*}}unknown_decorator_option.py:8:11: warning: unknown @cuda.jit option 'fastmth' is ignored [UnknownDecoratorOption]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit(fastmth=True){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~{{$}}
