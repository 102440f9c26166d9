# Enum members compare only with members of their own class, and only for
# (in)equality, as in Numba; an unknown member is an error at its name.
# The .value of a member whose class's values are not ints is not supported.
# `is` between two classes is False, as in Python (no error).
# RUN: not %pykc %s --sig 'k(boolean[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from enum import Enum
from numba import cuda


class Color(Enum):
    red = 1
    green = 2


class Shake(Enum):
    vanilla = 7


class Planet(Enum):
    EARTH = (5.976e+24, 6.37814e6)


@cuda.jit
def k(out):
    out[0] = Color.red == Shake.vanilla
    out[1] = Color.red == 1
    out[2] = Color.purple == Color.red
    out[3] = Color['purple'] == Color.red
    out[4] = Color.red < Color.green
    out[5] = Color.red is Shake.vanilla
    out[6] = Planet.EARTH.value[0] > 0

# CHECK: {{^}}{{.*}}fail_enums.py:25:14: error: unsupported operand types for ==: 'Enum<int64>(Color)' and 'Enum<int64>(Shake)' [UnsupportedBinary]{{$}}
# CHECK-NEXT: {{^}}    out[0] = Color.red == Shake.vanilla{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_enums.py:26:14: error: unsupported operand types for ==: 'Enum<int64>(Color)' and 'int64' [UnsupportedBinary]{{$}}
# CHECK: {{^}}{{.*}}fail_enums.py:27:20: error: '<enum 'Color'>' has no attribute 'purple' [UnknownAttribute]{{$}}
# CHECK: {{^}}{{.*}}fail_enums.py:28:20: error: invalid argument to <enum 'Color'>[...]: expected the name of one of its members [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_enums.py:29:14: error: unsupported operand types for <: 'Enum<int64>(Color)' and 'Enum<int64>(Color)' [UnsupportedBinary]{{$}}
# CHECK: {{^}}{{.*}}fail_enums.py:31:27: error: '.value' of a member of Planet, whose values are not ints (its members compare with ==, != and is), is not supported in a kernel [UnsupportedSyntax]{{$}}
