# --sig on the command line names the kernel and gives its argument types;
# repeated --sig options compile several instances.
# RUN: %pykc %s --sig 'scale(float32[:], float32)' --sig 'scale(int64[:], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def scale(a, factor):
    a[0] = a[0] * factor

# CHECK-LABEL: {{^}}kernel scale(a: array(float32, 1d, A), factor: float32) -> none  # symbol scale__float32_1dA_float32
# CHECK-NEXT: {{^}}  a[0] = (a[0] * factor){{$}}
# CHECK-LABEL: {{^}}kernel scale(a: array(int64, 1d, A), factor: int64) -> none  # symbol scale__int64_1dA_int64
# CHECK-NEXT: {{^}}  a[0] = (a[0] * factor){{$}}
