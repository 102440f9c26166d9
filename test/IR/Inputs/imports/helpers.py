# The helpers module of program.py (test/IR/imports.test).
import numpy as np
from numba import cuda, njit

SCALE = 3
TABLE = np.array([10.0, 20.0, 30.0])

@cuda.jit(device=True)
def scale(x):
    return x * SCALE + TABLE[1]

@njit
def clamp(x, lo=0.0):
    return max(x, lo)

def host_only():
    return 1
