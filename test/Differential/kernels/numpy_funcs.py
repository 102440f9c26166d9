import numpy as np

from numba import cuda


@cuda.jit
def numpy_unary(x, n, out, flags):
    # NumPy's ufuncs on scalars: x's dtype picks the float32 or float64
    # loop; n (int64) the integer one, computed in float64.
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        a = abs(v)
        out[i, 0] = np.sqrt(a)
        out[i, 1] = np.exp(v)
        out[i, 2] = np.exp2(v)
        out[i, 3] = np.log(a + 1)
        out[i, 4] = np.log2(a + 1)
        out[i, 5] = np.log10(a + 1)
        out[i, 6] = np.sin(v) + np.cos(v) + np.tan(v)
        out[i, 7] = np.arcsin(v / 8) + np.arccos(v / 8) + np.arctan(v)
        out[i, 8] = np.sinh(v) + np.cosh(v) + np.tanh(v)
        out[i, 9] = np.arcsinh(v) + np.arccosh(a + 1) + np.arctanh(v / 8)
        out[i, 10] = np.floor(v) + np.ceil(v) + np.trunc(v)
        out[i, 11] = np.degrees(v) + np.radians(v)
        out[i, 12] = np.arctan2(v, 1.5) + np.hypot(v, 2.0)
        out[i, 13] = np.sqrt(n[i] * n[i]) + np.arctan2(n[i], 3)
        out[i, 14] = np.expm1(v) + np.log1p(a)
        flags[i, 0] = np.isnan(v)
        flags[i, 1] = np.isinf(v * 1e300 * 1e10)
        flags[i, 2] = np.isfinite(v)
