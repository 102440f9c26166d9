# A decorator with a list of signatures compiles the kernel once per
# signature; each instance gets a symbol mangled with its argument types.
# RUN: %pykc %s --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit(["void(float32[:])", "void(float64[:])", "void(int32[::1])"])
def fill(a):
    a[0] = 1

# CHECK-LABEL: {{^}}kernel fill(a: array(float32, 1d, A)) -> none  # symbol fill__float32_1dA
# CHECK-NEXT: {{^}}  a[0] = float32(1){{$}}
# CHECK-LABEL: {{^}}kernel fill(a: array(float64, 1d, A)) -> none  # symbol fill__float64_1dA
# CHECK-NEXT: {{^}}  a[0] = float64(1){{$}}
# CHECK-LABEL: {{^}}kernel fill(a: array(int32, 1d, C)) -> none  # symbol fill__int32_1dC
# CHECK-NEXT: {{^}}  a[0] = int32(1){{$}}
