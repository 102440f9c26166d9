# Module-level NumPy arrays read by a kernel (test/Run/module_arrays.test):
# each constructor pykc evaluates, with NumPy's dtypes and values.
import numpy as np
from numba import cuda, float32

WEIGHTS = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
STEPS = np.arange(2, 11, 3)
HALVES = np.arange(0.0, 2.0, 0.5)
GRID = np.linspace(0, 1, 5)
TABLE = np.arange(12).reshape(3, 4)
FLAGS = np.array([True, False, True])
ONES = np.ones((2, 2), dtype=np.int32)
SEVENS = np.full(3, 7)
SMALL = np.array([300, -1, 255]).astype(np.uint8)


@cuda.jit
def read_tables(out):
    i = cuda.grid(1)
    if i == 0:
        w = cuda.const.array_like(WEIGHTS)
        out[0] = w[1, 2] + w.shape[0] * 10 + w.shape[1] * 100
        out[1] = STEPS[0] + STEPS[1] * 10 + STEPS[2] * 100 + len(STEPS) * 1000
        out[2] = HALVES[3] + HALVES.size * 10
        out[3] = GRID[1] + GRID[4] * 10
        out[4] = TABLE[2, 3] + TABLE[1, 0] * 100
        out[5] = FLAGS[0] + FLAGS[1] * 10 + FLAGS[2] * 100
        out[6] = ONES[1, 1] + ONES.size * 10
        out[7] = SEVENS[2] * 10
        out[8] = SMALL[0] + SMALL[1] * 1000 + SMALL[2] * 1000000
