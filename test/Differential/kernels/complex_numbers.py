"""complex64 and complex128 arithmetic, conversions and the cmath module."""

import cmath
import math

from numba import complex128, cuda


@cuda.jit
def complex_arith(a, b, s, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = x + y
        out[i, 1] = x - y * s
        out[i, 2] = x * y
        out[i, 3] = x / y
        out[i, 4] = -x + 2j
        out[i, 5] = x.conjugate() * 0.5
        out[i, 6] = complex(y.imag, x.real) + 3
        out[i, 7] = x ** y
        out[i, 8] = x ** 2


@cuda.jit
def complex_parts(a, b, f, flags):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        f[i, 0] = abs(x)
        f[i, 1] = x.real - x.imag
        f[i, 2] = cmath.phase(x)
        r, phi = cmath.polar(x)
        f[i, 3] = r + phi
        f[i, 4] = math.hypot(x.real, x.imag)
        flags[i, 0] = x == b[i]
        flags[i, 1] = x != b[i]
        flags[i, 2] = x == x
        flags[i, 3] = bool(x - x)
        flags[i, 4] = cmath.isfinite(x) and not cmath.isnan(x) and not cmath.isinf(x)


@cuda.jit
def complex_cmath(a, out):
    i = cuda.grid(1)
    if i < a.size:
        z = a[i]
        out[i, 0] = cmath.sqrt(z)
        out[i, 1] = cmath.exp(z)
        out[i, 2] = cmath.log(z)
        out[i, 3] = cmath.log10(z)
        out[i, 4] = cmath.sin(z)
        out[i, 5] = cmath.cos(z)
        out[i, 6] = cmath.tan(z)
        out[i, 7] = cmath.asin(z)
        out[i, 8] = cmath.acos(z)
        out[i, 9] = cmath.atan(z)
        out[i, 10] = cmath.sinh(z)
        out[i, 11] = cmath.cosh(z)
        out[i, 12] = cmath.tanh(z)
        out[i, 13] = cmath.asinh(z)
        out[i, 14] = cmath.acosh(z)
        out[i, 15] = cmath.atanh(z)
        out[i, 16] = cmath.log(z, 2 + 1j)
        out[i, 17] = cmath.rect(z.real, z.imag)


@cuda.jit
def complex_mixed(re, im, out):
    # Real numbers meeting complex ones: ints and floats convert, and a
    # variable assigned both becomes complex.
    i = cuda.grid(1)
    if i < re.size:
        z = complex(re[i], im[i])
        acc = re[i]
        acc += z * 2
        n = i + 1
        out[i, 0] = acc
        out[i, 1] = z * n + n / z
        out[i, 2] = z.real + z.imag * 1j
        out[i, 3] = complex(re[i]) + re[i].imag + re[i].conjugate()
        w = cuda.local.array(2, complex128)
        w[0] = z
        w[1] = w[0] * w[0]
        out[i, 4] = w[1] - w[0]


@cuda.jit
def complex_views(a, out):
    # A complex array's .real and .imag are float arrays over its memory.
    i = cuda.grid(1)
    if i < a.size:
        re = a.real
        out[i, 0] = re[i] + 2 * a.imag[i]
        out[i, 1] = pow(a[i], 2).imag
        cuda.atomic.add(a.imag, i, 1.0)
        a.real[i] = -re[i]
