"""print() in @njit code: Numba's CPU target prints through Python, a float
as repr() shows it."""
import numpy as np
from numba import njit


@njit("float64(float64)")
def show(x):
    for k in range(3):
        print("step", k, x * k, x / 7, 100 * x, "50%")
    print(-0.0, 1e16, 1.5e-5, 123456.789, 1e-4, 2.0 ** 60, np.float32(0.1))
    print(np.inf, -np.inf, np.nan, np.int32(-7), np.uint8(200))
    return x
