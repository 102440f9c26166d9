import math

from numba import cuda


@cuda.jit
def math_unary(x, out):
    # One column per function; x's dtype picks Numba's float32 or float64
    # case, the int column its int64 case.
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        a = abs(v)
        out[i, 0] = math.sqrt(a)
        out[i, 1] = math.exp(v * 0.5)
        out[i, 2] = math.expm1(v)
        out[i, 3] = math.log(a + 1)
        out[i, 4] = math.log2(a + 1)
        out[i, 5] = math.log10(a + 1)
        out[i, 6] = math.log1p(a)
        out[i, 7] = math.sin(v)
        out[i, 8] = math.cos(v)
        out[i, 9] = math.tan(v)
        out[i, 10] = math.asin(v / 8)
        out[i, 11] = math.acos(v / 8)
        out[i, 12] = math.atan(v)
        out[i, 13] = math.sinh(v)
        out[i, 14] = math.cosh(v)
        out[i, 15] = math.tanh(v)
        out[i, 16] = math.asinh(v)
        out[i, 17] = math.acosh(a + 1)
        out[i, 18] = math.atanh(v / 8)
        out[i, 19] = math.erf(v)
        out[i, 20] = math.erfc(v)
        out[i, 21] = math.gamma(a + 0.5)
        out[i, 22] = math.lgamma(a + 0.5)
        out[i, 23] = math.fabs(v)
        out[i, 24] = math.floor(v)
        out[i, 25] = math.ceil(v)
        out[i, 26] = math.trunc(float(v))  # the simulator has no trunc of numpy.float32
        out[i, 27] = math.degrees(v)
        out[i, 28] = math.radians(v)
        out[i, 29] = math.sqrt(i)


@cuda.jit
def math_binary(x, y, n, out, flags):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = math.atan2(x[i], y[i])
        out[i, 1] = math.hypot(x[i], y[i])
        out[i, 2] = math.copysign(x[i], y[i])
        out[i, 3] = math.fmod(x[i], y[i])
        out[i, 4] = math.remainder(x[i], y[i])
        out[i, 5] = math.pow(abs(x[i]), y[i])
        out[i, 6] = math.hypot(n[i], i)
        big = x[i] * 1e300 * 1e10  # inf unless x[i] is tiny
        flags[i, 0] = math.isnan(big - big)
        flags[i, 1] = math.isinf(big)
        flags[i, 2] = math.isfinite(big)
        flags[i, 3] = math.isnan(n[i])
        flags[i, 4] = math.isfinite(n[i])


@cuda.jit
def math_split(x, parts, exps):
    # frexp, modf and ldexp: the tuples Numba's CUDA typing gives (float,
    # int32) and (float, float), taken apart and put back together.
    i = cuda.grid(1)
    if i < x.size:
        m, e = math.frexp(x[i])
        parts[i, 0] = m
        exps[i] = e
        frac, whole = math.modf(x[i])
        parts[i, 1] = frac
        parts[i, 2] = whole
        parts[i, 3] = math.ldexp(m, e)
        parts[i, 4] = math.ldexp(x[i], -3)
