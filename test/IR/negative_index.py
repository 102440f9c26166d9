# A negative constant index counts from the end (wraparound is done in
# codegen); the IR keeps the constant.
# RUN: %pykc %s --sig 'last(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def last(a):
    a[0] = a[-1]
    a[-2] = a[1]

# CHECK-LABEL: {{^}}kernel last(a: array(float32, 1d, A)) -> none  # symbol last
# CHECK-NEXT: {{^}}  a[0] = a[-1]{{$}}
# CHECK-NEXT: {{^}}  a[-2] = a[1]{{$}}
