# A signature string in the decorator is enough to compile the kernel (its
# symbol is then the plain name); a --sig on the command line adds another
# instance, and both get mangled symbols.
# RUN: %pykc %s --emit=ir -o - | FileCheck %s --check-prefix=ONE
# RUN: %pykc %s --sig 'inc(int32[:], int32)' --emit=ir -o - | FileCheck %s --check-prefix=TWO
from numba import cuda


@cuda.jit("void(float32[:], float32)")
def inc(a, x):
    a[0] += x

# ONE-LABEL: {{^}}kernel inc(a: array(float32, 1d, A), x: float32) -> none  # symbol inc{{$}}
# ONE-NEXT: {{^}}  a[0] = (a[0] + x){{$}}
# ONE-NOT: kernel

# TWO-LABEL: {{^}}kernel inc(a: array(float32, 1d, A), x: float32) -> none  # symbol inc__float32_1dA_float32{{$}}
# TWO-NEXT: {{^}}  a[0] = (a[0] + x){{$}}
# TWO-LABEL: {{^}}kernel inc(a: array(int32, 1d, A), x: int32) -> none  # symbol inc__int32_1dA_int32{{$}}
# TWO-NEXT: {{^}}  a[0] = int32((int64(a[0]) + int64(x))){{$}}
