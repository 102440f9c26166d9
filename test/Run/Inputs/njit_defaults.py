"""@njit functions with default arguments, which pykc call fills in as
Python does when the command line leaves them out."""
import numpy as np
from numba import njit

SHIFT = 1


@njit
def scaled(x, scale=2.0, shift=SHIFT):
    return x * scale + shift


@njit
def narrow(x, factor=np.float32(0.5), clip=True):
    y = x * factor
    return min(y, 1.0) if clip else y
