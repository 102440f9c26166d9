# --sig with more argument types than the kernel has parameters.
# RUN: not %pykc %s --sig 'k(float32[:], int32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: {{^}}<--sig>:1:1: error: signature gives 2 argument types but 'k' takes 1 parameter [SignatureArity]{{$}}
# CHECK-NEXT: {{^}}k(float32[:], int32){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~{{$}}
