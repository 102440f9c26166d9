# Module-level constants are folded into the kernel: an int constant, one
# computed from another, a float constant and math.pi.
# RUN: %pykc %s --sig 'consts(float64[:])' --emit=ir -o - | FileCheck %s
import math
from numba import cuda

TPB = 16
N = TPB * 2
SCALE = 0.5


@cuda.jit
def consts(a):
    a[0] = TPB
    a[1] = N
    a[2] = SCALE
    a[3] = math.pi

# CHECK-LABEL: {{^}}kernel consts(a: array(float64, 1d, A)) -> none  # symbol consts
# CHECK-NEXT: {{^}}  a[0] = float64(16){{$}}
# CHECK-NEXT: {{^}}  a[1] = float64(32){{$}}
# CHECK-NEXT: {{^}}  a[2] = 0.5{{$}}
# CHECK-NEXT: {{^}}  a[3] = 3.141592653589793{{$}}
