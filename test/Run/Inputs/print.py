# print() in a kernel (test/Run/print.test).
import numpy as np
from numba import cuda


@cuda.jit
def show(a, n):
    i = cuda.grid(1)
    if i == 0:
        print("thread", i, "of", n, "sees", a[i], "100%", np.uint8(200), np.float32(0.5))


@cuda.jit
def show_flag(a):
    print(a[0] > 0)
