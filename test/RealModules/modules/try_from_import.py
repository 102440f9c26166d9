"""from-imports inside try, with a broad `except Exception` second handler."""
from numba import cuda

try:
    from math import erf, exp, sqrt
    _HAVE_MATH = True
except ImportError:
    _HAVE_MATH = False
except Exception:
    _HAVE_MATH = False

try:
    from numpy import float64 as _f64
except Exception:  # pragma: no cover
    _f64 = float


@cuda.jit
def normal_cdf_pdf(x, cdf, pdf):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        if _HAVE_MATH:
            cdf[i] = 0.5 * (1.0 + erf(v / sqrt(2.0)))
            pdf[i] = exp(-0.5 * v * v) / sqrt(2.0 * 3.141592653589793)
        else:
            cdf[i] = _f64(-1.0)
            pdf[i] = _f64(-1.0)
