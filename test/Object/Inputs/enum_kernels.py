from enum import Enum, IntEnum
from numba import cuda


class Color(Enum):
    red = 1
    green = 2


class Shape(IntEnum):
    circle = 2
    square = 500


@cuda.jit(device=True)
def same(a, b):
    return a == b


@cuda.jit
def compare(a, b, n, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = same(a, Color.green)
    out[4] = n == Shape.circle
