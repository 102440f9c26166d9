from numba import cuda
from ..config import OFFSET


@cuda.jit(device=True)
def taper(x):
    return x + OFFSET
