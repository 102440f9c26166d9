"""enum.Enum and enum.IntEnum members in kernels and device functions."""

from enum import Enum, IntEnum

from numba import cuda, int16


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Status(IntEnum):
    ok = 200
    not_found = 404
    error = 500


@cuda.jit(device=True)
def classify(code):
    if code < Status.not_found:
        return Color.green
    if code == Status.not_found:
        return Color.blue
    return Color.red


@cuda.jit
def enum_codes(codes, out, flags):
    i = cuda.grid(1)
    if i < codes.size:
        c = classify(codes[i])
        out[i, 0] = c.value
        out[i, 1] = codes[i] - Status.ok + int16(Status['error'])
        flags[i, 0] = c == Color.red
        flags[i, 1] = c is not Color['blue']
        flags[i, 2] = codes[i] == Status.not_found
