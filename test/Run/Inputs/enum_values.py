""".value of enum members in a kernel: an IntEnum member (which kernels hold
as its int) and an Enum member."""
import enum
from numba import cuda


class Mode(enum.IntEnum):
    ADD = 1
    MUL = 2


class Color(enum.Enum):
    RED = 1
    BLUE = 3


@cuda.jit
def k(out):
    out[0] = Mode.MUL.value
    out[1] = Color.BLUE.value
    out[2] = Mode.MUL + 1
