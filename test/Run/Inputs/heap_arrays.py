# np.full in @njit host code (test/Run/heap_arrays.test).
import numpy as np
from numba import njit


@njit("float64(int64, float32)")
def scratch(n, v):
    a = np.full((n, 2), v, np.float64)
    return a[0, 0]
