# A test known when compiling keeps only the branch taken, as Numba prunes
# before typing: the other branch is neither typed nor built (here it would
# not type). Complex constants are true unless both parts are zero, as
# Python's bool(1j) is; floats and ints unless zero; bool(c) of a constant
# is as known as c. A function whose constant test always returns cannot
# fall off its end, so its return type is not joined with None.
# RUN: %pykc %s --sig 'k(float64[:])' --emit=ir -o - | FileCheck %s
from numba import cuda

ZERO = 0.0


@cuda.jit(device=True)
def always(x):
    if 1j:
        return x


@cuda.jit
def k(out):
    if 1j:
        out[0] = 1.0
    else:
        out[0] = 1.5 + (1, 2)
    if 0j:
        out[1] = 1.5 + (1, 2)
    else:
        out[1] = 2.0
    if ZERO:
        out[2] = 1.5 + (1, 2)
    if bool(3):
        out[3] = 4.0
    if -2:
        out[4] = 5.0
    out[5] = always(6.0)

# CHECK-LABEL: {{^}}kernel k(
# CHECK-NEXT: {{^}}  out[0] = 1.0{{$}}
# CHECK-NEXT: {{^}}  out[1] = 2.0{{$}}
# CHECK-NEXT: {{^}}  out[3] = 4.0{{$}}
# CHECK-NEXT: {{^}}  out[4] = 5.0{{$}}
# CHECK-NEXT: {{^}}  out[5] = always__float64(6.0){{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}device always(x: float64) -> float64  # symbol always__float64{{$}}
# CHECK-NEXT: {{^}}  return x{{$}}
# CHECK-EMPTY:
