# An enum.Enum whose values are not ints (Numba's test_enums Planet, with
# tuples of floats) is usable as Numba allows: members compare with ==, !=,
# is and is not; equal values are one member (an alias); members pass
# through device functions and `pykc run` (spelled Planet.EARTH). At run
# time a member is its index among the class's distinct values.
# RUN: %pykc %s --sig 'k(Planet, boolean[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(Planet, boolean[:])' -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
# RUN: %python -c "import numpy as np; np.save('%t.npy', np.zeros(6, bool))"
# RUN: %pykc run %s k --grid 1 --block 1 --backend cpu Planet.EARTH %t.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.npy | FileCheck %s --check-prefix=EARTH
# RUN: %pykc run %s k --grid 1 --block 1 --backend cpu Planet.TERRA %t.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.npy | FileCheck %s --check-prefix=EARTH
# RUN: %pykc run %s k --grid 1 --block 1 --backend cpu Planet.MARS %t.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.npy | FileCheck %s --check-prefix=MARS
import enum
from numba import cuda


class Planet(enum.Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    MARS = (6.421e+23, 3.3972e6)
    TERRA = (5.976e+24, 6.37814e6)


@cuda.jit(device=True)
def neighbour(p):
    return Planet.MARS if p == Planet.EARTH else Planet.EARTH


@cuda.jit
def k(p, out):
    out[0] = p == Planet.EARTH
    out[1] = p != Planet.MERCURY
    out[2] = p is Planet.TERRA
    out[3] = p is not Planet.MARS
    out[4] = neighbour(p) == Planet.MARS
    out[5] = Planet['MARS'] == p

# CHECK-LABEL: {{^}}kernel k(p: Enum(Planet), out: array(bool, 1d, A))
# CHECK-NEXT: {{^}}  out[0] = (int64(p) == int64(Planet.EARTH)){{$}}
# CHECK-NEXT: {{^}}  out[1] = (int64(p) != int64(Planet.MERCURY)){{$}}
# CHECK-NEXT: {{^}}  out[2] = (int64(p) == int64(Planet.EARTH)){{$}}
# CHECK-NEXT: {{^}}  out[3] = (int64(p) != int64(Planet.MARS)){{$}}
# CHECK-NEXT: {{^}}  out[4] = (int64(neighbour__enum_Planet(p)) == int64(Planet.MARS)){{$}}
# CHECK-NEXT: {{^}}  out[5] = (int64(Planet.MARS) == int64(p)){{$}}
# CHECK-LABEL: {{^}}device neighbour(p: Enum(Planet)) -> Enum(Planet)

# EARTH: {{^}}True True True True True False{{$}}
# MARS: {{^}}False True False False False True{{$}}
