# Device functions: one with a declared signature string, one generic device
# function called with different argument types, and device functions that
# call each other, return early and take arrays.
from numba import cuda


@cuda.jit("float64(float64, float64)", device=True)
def hypot2(x, y):
    return x * x + y * y


@cuda.jit(device=True)
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@cuda.jit(device=True)
def dot3(a, b, i):
    s = 0.0
    for k in range(3):
        s += a[i, k] * b[i, k]
    return s


@cuda.jit(device=True)
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


@cuda.jit(device=True)
def norm_clamped(x, y):
    return clamp(hypot2(x, y), 0.0, 50.0)


@cuda.jit
def use_device(x, y, n, A, B, fout, iout):
    i = cuda.grid(1)
    if i < x.size:
        fout[i, 0] = hypot2(x[i], y[i])
        fout[i, 1] = clamp(x[i], -2.5, 2.5)
        fout[i, 2] = norm_clamped(x[i], y[i])
        fout[i, 3] = dot3(A, B, i)
        iout[i, 0] = clamp(n[i], -10, 10)
        iout[i, 1] = sign(n[i]) + sign(x[i]) * 10
        iout[i, 2] = clamp(i, 3, 12)


@cuda.jit
def float32_device(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = clamp(x[i], -1.0, 1.0) + hypot2(x[i], 1.5)
