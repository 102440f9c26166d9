# enum.Enum and enum.IntEnum classes at module level with int members, as
# Numba types them: an IntEnum member is an int64 wherever it goes; an Enum
# member has its class's type, compares (==, !=, is) with members of its
# class, converts to its value with .value, and flows through variables,
# conditional expressions and device functions. An alias is its first
# member; Color['red'] looks a member up by name.
# RUN: %pykc %s --sig 'k(int32, int32[:], boolean[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(int32, int32[:], boolean[:])' -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
# RUN: %python -c "import numpy as np; np.save('%t.out.npy', np.zeros(2, np.int32)); np.save('%t.flags.npy', np.zeros(5, bool))"
# RUN: %pykc run %s k --grid 1 --block 1 --backend cpu int32:550 %t.out.npy %t.flags.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t.out.npy | FileCheck %s --check-prefix=OUT
# RUN: %python %S/../Run/Inputs/npy.py print %t.flags.npy | FileCheck %s --check-prefix=FLAGS
import enum
from enum import IntEnum
from numba import cuda, int16, int8


class Color(enum.Enum):
    """Colours."""
    red = 1
    green = 2
    blue = 3
    crimson = 1


class RequestError(IntEnum):
    dummy = 2
    not_found = 404
    internal_error = 500


@cuda.jit(device=True)
def pick(pred):
    return Color.red if pred else Color.green


@cuda.jit
def k(x, out, flags):
    if x > RequestError.internal_error:
        out[0] = x - RequestError.not_found
    else:
        out[0] = x + int8(RequestError.dummy)
    out[1] = int16(RequestError['internal_error']) + Color.blue.value
    c = pick(x > 0)
    flags[0] = c == Color.red
    flags[1] = c != Color['green']
    flags[2] = c is Color.crimson
    flags[3] = Color.red == Color.green
    flags[4] = c is not Color.red

# CHECK-LABEL: {{^}}kernel k(x: int32, out: array(int32, 1d, A), flags: array(bool, 1d, A))
# CHECK-NEXT: {{^}}  if (int64(x) > 500):{{$}}
# CHECK-NEXT: {{^}}    out[0] = int32((int64(x) - 404)){{$}}
# CHECK-NEXT: {{^}}  else:{{$}}
# CHECK-NEXT: {{^}}    out[0] = int32((int64(x) + int64(int8(2)))){{$}}
# CHECK-NEXT: {{^}}  out[1] = int32((int64(int16(500)) + int64(Color.blue))){{$}}
# CHECK-NEXT: {{^}}  c: Enum<int64>(Color) = pick__bool((int64(x) > 0)){{$}}
# CHECK-NEXT: {{^}}  flags[0] = (int64(c) == int64(Color.red)){{$}}
# CHECK-NEXT: {{^}}  flags[1] = (int64(c) != int64(Color.green)){{$}}
# CHECK-NEXT: {{^}}  flags[2] = (int64(c) == int64(Color.red)){{$}}
# CHECK-NEXT: {{^}}  flags[3] = (int64(Color.red) == int64(Color.green)){{$}}
# CHECK-NEXT: {{^}}  flags[4] = (int64(c) != int64(Color.red)){{$}}
# CHECK-LABEL: {{^}}device pick(pred: bool) -> Enum<int64>(Color)
# CHECK-NEXT: {{^}}  return (Color.red if pred else Color.green){{$}}

# OUT: {{^}}146 503{{$}}
# FLAGS: {{^}}True True True False False{{$}}
