# IntEnum members passed to a kernel are their class, as Numba's
# IntEnumMember: they compute as int64s (==, arithmetic, indexing), but
# `is` tells classes apart: members of two IntEnum classes with equal
# values are ==, yet not `is`; nor is a member `is` an int. (Numba's
# test_enums.test_compare with (Shape.circle, IntEnumWithNegatives.two).)
# RUN: %pykc %s --sig 'f(Shape, Negatives, int64, int64[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'f(Shape, Negatives, int64, int64[:])' -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
# RUN: %python -c "import numpy as np; np.save('%t.npy', np.zeros(9, np.int64))"
# RUN: %pykc run %s f --grid 1 --block 1 --backend cpu Shape.circle Negatives.two 1 %t.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.npy | FileCheck %s --check-prefix=OUT
# RUN: %pykc run %s g --grid 1 --block 1 --backend cpu Shape.circle Shape.circle %t.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.npy | FileCheck %s --check-prefix=SAME
from enum import IntEnum
from numba import cuda


class Shape(IntEnum):
    circle = 1
    square = 2


class Negatives(IntEnum):
    one = -1
    two = 1


@cuda.jit
def f(a, b, n, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b
    out[4] = a is n
    out[5] = a is Shape.circle
    out[6] = b is Shape['circle']
    out[7] = a + b * 10 + n * 100
    out[8] = Shape.square is Negatives.two


@cuda.jit
def g(a, b, out):
    out[0] = a is b
    out[1] = a is Shape.square
    out[2] = a * 3

# CHECK-LABEL: {{^}}kernel f(a: IntEnum<int64>(Shape), b: IntEnum<int64>(Negatives), n: int64, out: array(int64, 1d, A))
# CHECK-NEXT: {{^}}  a: int64 = int64(a){{$}}
# CHECK-NEXT: {{^}}  b: int64 = int64(b){{$}}
# CHECK-NEXT: {{^}}  out[0] = int64((a == b)){{$}}
# CHECK-NEXT: {{^}}  out[1] = int64((a != b)){{$}}
# CHECK-NEXT: {{^}}  out[2] = int64(False){{$}}
# CHECK-NEXT: {{^}}  out[3] = int64(True){{$}}
# CHECK-NEXT: {{^}}  out[4] = int64(False){{$}}
# CHECK-NEXT: {{^}}  out[5] = int64((a == 1)){{$}}
# CHECK-NEXT: {{^}}  out[6] = int64(False){{$}}
# CHECK-NEXT: {{^}}  out[7] = ((a + (b * 10)) + (n * 100)){{$}}
# CHECK-NEXT: {{^}}  out[8] = int64(False){{$}}

# OUT: {{^}}1 0 0 1 0 1 0 111 0{{$}}
# SAME: {{^}}1 0 3 1 0 1 0 111 0{{$}}
