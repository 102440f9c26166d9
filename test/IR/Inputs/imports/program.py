# A kernel using another file of its program: `import helpers` and
# `from helpers import ...` read helpers.py beside it.
import numpy as np
from numba import cuda
import helpers
from helpers import clamp, TABLE as T

TABLE = np.array([1.0, 2.0, 3.0])


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = helpers.scale(a[i]) + clamp(a[i] - 5) + T[0] + TABLE[0] + helpers.SCALE
