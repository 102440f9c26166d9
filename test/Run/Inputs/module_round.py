"""round(x, n) in module code: CPython rounds the exact decimal value of the
double half to even (round(2.675, 2) is 2.67, round(0.125, 2) 0.12)."""
from numba import cuda

VALUES = (round(2.675, 2), round(0.125, 2), round(-1.5, 0), round(1e300, 3), round(123.456, 1),
          round(0.5, 0), round(7.0, 2), round(-0.0, 1), round(1.0000000000000002, 16), round(5e-324, 17))


@cuda.jit
def k(out):
    for i in range(len(VALUES)):
        out[i] = VALUES[i]
