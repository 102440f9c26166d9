//===- ComplexHelpers.cpp - Complex arithmetic written in Python ----------===//
//
// Division, power, abs() and the cmath functions of complex numbers, written
// in pykc's kernel language and compiled like the user's device functions,
// as Numba compiles its own Python implementations of them. Writing them in
// Python keeps every backend (PTX, CPU, --emit=cuda) on the same code, and
// gives them Numba's typing for free: a float literal is float64, so where
// Numba's versions compute part of a complex64 result in float64, so do
// these. The formulas and their special cases (infinities, NaN, signed
// zeros) follow the semantics of Python's cmath module, which Numba's
// match; the code is pykc's own.
//
//===----------------------------------------------------------------------===//
#include "ir/ComplexHelpers.h"

namespace pykc::ir {

namespace {

// @C@ is the complex type, @F@ its float type, @MAX@ the float type's
// largest finite value. Names start with _pk_ (see Reduction.cpp).
const char *const ComplexTemplate = R"py(
@__pykc_cuda.jit(device=True)
def __pykc_cdiv_@C@(_pk_a, _pk_b):
    # Smith's method: divide through by the divisor's larger part, so that
    # no intermediate squares a part (which could overflow or underflow).
    _pk_ar = _pk_a.real
    _pk_ai = _pk_a.imag
    _pk_br = _pk_b.real
    _pk_bi = _pk_b.imag
    if _pk_br == 0 and _pk_bi == 0:
        # Numba raises ZeroDivisionError, which on a GPU ends the thread;
        # pykc cannot raise in a device function yet, and gives NaN.
        return __pykc_numba.@C@(complex(__pykc_math.nan, __pykc_math.nan))
    if abs(_pk_br) >= abs(_pk_bi):
        _pk_q = _pk_bi / _pk_br
        _pk_d = _pk_br + _pk_bi * _pk_q
        return complex((_pk_ar + _pk_ai * _pk_q) / _pk_d, (_pk_ai - _pk_ar * _pk_q) / _pk_d)
    _pk_q = _pk_br / _pk_bi
    _pk_d = _pk_br * _pk_q + _pk_bi
    return complex((_pk_ar * _pk_q + _pk_ai) / _pk_d, (_pk_ai * _pk_q - _pk_ar) / _pk_d)


@__pykc_cuda.jit(device=True)
def __pykc_cpow_@C@(_pk_a, _pk_b):
    # In polar form, as Numba-CUDA computes it (numba/cuda/mathimpl.py):
    # |a|**b.real / e**(arg(a) b.imag) at angle arg(a) b.real + b.imag
    # ln|a|; b == 0 gives 1, and so does nothing else special but a base
    # and exponent whose real parts are both 0, which give 0.
    if _pk_b.real == __pykc_numba.@F@(0.0) and _pk_b.imag == __pykc_numba.@F@(0.0):
        return __pykc_numba.@C@(1.0)
    if _pk_a.real == __pykc_numba.@F@(0.0) and _pk_b.real == __pykc_numba.@F@(0.0):
        return __pykc_numba.@C@(0.0)
    _pk_mod = __pykc_math.hypot(_pk_a.real, _pk_a.imag)
    _pk_len = __pykc_math.pow(_pk_mod, _pk_b.real)
    _pk_arg = __pykc_math.atan2(_pk_a.imag, _pk_a.real)
    _pk_angle = _pk_arg * _pk_b.real
    if _pk_b.imag != __pykc_numba.@F@(0.0):
        _pk_len /= __pykc_math.exp(_pk_arg * _pk_b.imag)
        _pk_angle += _pk_b.imag * __pykc_math.log(_pk_mod)
    return _pk_len * complex(__pykc_math.cos(_pk_angle), __pykc_math.sin(_pk_angle))


@__pykc_cuda.jit(device=True)
def __pykc_cabs_@C@(_pk_z):
    return __pykc_math.hypot(_pk_z.real, _pk_z.imag)


@__pykc_cuda.jit(device=True)
def __pykc_cisnan_@C@(_pk_z):
    return __pykc_math.isnan(_pk_z.real) or __pykc_math.isnan(_pk_z.imag)


@__pykc_cuda.jit(device=True)
def __pykc_cisinf_@C@(_pk_z):
    return __pykc_math.isinf(_pk_z.real) or __pykc_math.isinf(_pk_z.imag)


@__pykc_cuda.jit(device=True)
def __pykc_cisfinite_@C@(_pk_z):
    return __pykc_math.isfinite(_pk_z.real) and __pykc_math.isfinite(_pk_z.imag)


@__pykc_cuda.jit(device=True)
def __pykc_cphase_@C@(_pk_z):
    return __pykc_math.atan2(_pk_z.imag, _pk_z.real)


@__pykc_cuda.jit(device=True)
def __pykc_cpolar_@C@(_pk_z):
    return (__pykc_math.hypot(_pk_z.real, _pk_z.imag),
            __pykc_math.atan2(_pk_z.imag, _pk_z.real))


@__pykc_cuda.jit(device=True)
def __pykc_crect_@C@(_pk_r, _pk_phi):
    if not __pykc_math.isfinite(_pk_phi):
        # A zero modulus stays 0 and an infinite one keeps the angle.
        if _pk_r == 0:
            return complex(abs(_pk_r), abs(_pk_r))
        if __pykc_math.isinf(_pk_r):
            return complex(_pk_r, _pk_phi)
    _pk_re = __pykc_math.cos(_pk_phi)
    _pk_im = __pykc_math.sin(_pk_phi)
    # inf * 0 would be NaN; Python keeps the zero, with the product's sign.
    if __pykc_math.isinf(_pk_r) and _pk_re == 0:
        _pk_re = _pk_re / _pk_r
    else:
        _pk_re = _pk_re * _pk_r
    if __pykc_math.isinf(_pk_r) and _pk_im == 0:
        _pk_im = _pk_im / _pk_r
    else:
        _pk_im = _pk_im * _pk_r
    return complex(_pk_re, _pk_im)


@__pykc_cuda.jit(device=True)
def __pykc_cexp_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if __pykc_math.isfinite(_pk_x):
        if not __pykc_math.isfinite(_pk_y):
            return complex(__pykc_math.nan, __pykc_math.nan)
        _pk_m = __pykc_math.exp(_pk_x)
        return complex(_pk_m * __pykc_math.cos(_pk_y), _pk_m * __pykc_math.sin(_pk_y))
    if __pykc_math.isnan(_pk_x):
        if _pk_y == 0:
            return complex(_pk_x, _pk_y)
        return complex(_pk_x, _pk_x)
    if _pk_x > 0:
        if not __pykc_math.isfinite(_pk_y):
            return complex(_pk_x, __pykc_math.nan)
        # Scale cos and sin by +inf, except exact zeros (exp(inf+0j) is
        # inf+0j, not inf+nanj).
        _pk_re = __pykc_math.cos(_pk_y)
        _pk_im = __pykc_math.sin(_pk_y)
        if _pk_re != 0:
            _pk_re = _pk_re * _pk_x
        if _pk_im != 0:
            _pk_im = _pk_im * _pk_x
        return complex(_pk_re, _pk_im)
    if not __pykc_math.isfinite(_pk_y):
        return complex(__pykc_numba.@F@(0.0), __pykc_numba.@F@(0.0))
    _pk_m = __pykc_math.exp(_pk_x)
    return complex(_pk_m * __pykc_math.cos(_pk_y), _pk_m * __pykc_math.sin(_pk_y))


@__pykc_cuda.jit(device=True)
def __pykc_clog_@C@(_pk_z):
    return complex(__pykc_math.log(__pykc_math.hypot(_pk_z.real, _pk_z.imag)),
                   __pykc_math.atan2(_pk_z.imag, _pk_z.real))


@__pykc_cuda.jit(device=True)
def __pykc_clogbase_@C@(_pk_z, _pk_base):
    return __pykc_clog_@C@(_pk_z) / __pykc_clog_@C@(_pk_base)


@__pykc_cuda.jit(device=True)
def __pykc_clog10_@C@(_pk_z):
    # Each part divided by ln 10 (rather than log(z) / log(10)), which keeps
    # infinities whole.
    _pk_l = __pykc_clog_@C@(_pk_z)
    return complex(_pk_l.real / 2.302585092994045684, _pk_l.imag / 2.302585092994045684)


@__pykc_cuda.jit(device=True)
def __pykc_csqrt_@C@(_pk_z):
    _pk_a = _pk_z.real
    _pk_b = _pk_z.imag
    if (_pk_a == 0 and _pk_b == 0) or __pykc_math.isinf(_pk_b):
        return complex(abs(_pk_b), _pk_b)
    if __pykc_math.isnan(_pk_a):
        return complex(_pk_a, _pk_a)
    if __pykc_math.isinf(_pk_a):
        # b - b is 0 for a finite b and NaN for a NaN one.
        if _pk_a < 0:
            return complex(abs(_pk_b - _pk_b), __pykc_math.copysign(_pk_a, _pk_b))
        return complex(_pk_a, __pykc_math.copysign(_pk_b - _pk_b, _pk_b))
    # sqrt(z) = t + (b / 2t) j with t = sqrt((|a| + |z|) / 2), from the
    # side that does not cancel; quartered first near overflow.
    _pk_scaled = abs(_pk_a) >= @MAX@ / 2.414213562373095 or abs(_pk_b) >= @MAX@ / 2.414213562373095
    if _pk_scaled:
        _pk_a *= 0.25
        _pk_b *= 0.25
    _pk_t = __pykc_math.sqrt((abs(_pk_a) + __pykc_math.hypot(_pk_a, _pk_b)) * 0.5)
    if _pk_a >= 0:
        _pk_re = _pk_t
        _pk_im = _pk_b / (2 * _pk_t)
    else:
        _pk_re = abs(_pk_b) / (2 * _pk_t)
        _pk_im = __pykc_math.copysign(_pk_t, _pk_b)
    if _pk_scaled:
        return complex(_pk_re * 2, _pk_im)
    return complex(_pk_re, _pk_im)


@__pykc_cuda.jit(device=True)
def __pykc_ccosh_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if __pykc_math.isinf(_pk_x):
        if __pykc_math.isnan(_pk_y) or _pk_y == 0:
            _pk_re = abs(_pk_x)
            _pk_im = _pk_y
        else:
            _pk_re = __pykc_math.copysign(_pk_x, __pykc_math.cos(_pk_y))
            _pk_im = __pykc_math.copysign(_pk_x, __pykc_math.sin(_pk_y))
        if _pk_x < 0:
            _pk_im = -_pk_im
        return complex(_pk_re, _pk_im)
    return complex(__pykc_math.cos(_pk_y) * __pykc_math.cosh(_pk_x),
                   __pykc_math.sin(_pk_y) * __pykc_math.sinh(_pk_x))


@__pykc_cuda.jit(device=True)
def __pykc_csinh_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if __pykc_math.isinf(_pk_x):
        if __pykc_math.isnan(_pk_y):
            return complex(_pk_x, _pk_y)
        _pk_re = __pykc_math.cos(_pk_y)
        _pk_im = __pykc_math.sin(_pk_y)
        if _pk_re != 0:
            _pk_re = _pk_re * _pk_x
        if _pk_im != 0:
            _pk_im = _pk_im * abs(_pk_x)
        return complex(_pk_re, _pk_im)
    return complex(__pykc_math.cos(_pk_y) * __pykc_math.sinh(_pk_x),
                   __pykc_math.sin(_pk_y) * __pykc_math.cosh(_pk_x))


@__pykc_cuda.jit(device=True)
def __pykc_ctanh_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if __pykc_math.isinf(_pk_x):
        if __pykc_math.isinf(_pk_y):
            return complex(__pykc_math.copysign(1.0, _pk_x), 0.0)
        return complex(__pykc_math.copysign(1.0, _pk_x),
                       __pykc_math.copysign(0.0, __pykc_math.sin(2.0 * _pk_y)))
    # tanh(x + yj) from tanh x and tan y, with sech x = 1 / cosh x:
    # (tx (1 + ty^2) + ty sech^2 x j) / (1 + (tx ty)^2).
    _pk_tx = __pykc_math.tanh(_pk_x)
    _pk_ty = __pykc_math.tan(_pk_y)
    _pk_sech = 1.0 / __pykc_math.cosh(_pk_x)
    _pk_p = _pk_tx * _pk_ty
    _pk_d = 1.0 + _pk_p * _pk_p
    return complex(_pk_tx * (1.0 + _pk_ty * _pk_ty) / _pk_d, ((_pk_ty / _pk_d) * _pk_sech) * _pk_sech)


@__pykc_cuda.jit(device=True)
def __pykc_ccos_@C@(_pk_z):
    # cos z = cosh(iz)
    return __pykc_ccosh_@C@(complex(-_pk_z.imag, _pk_z.real))


@__pykc_cuda.jit(device=True)
def __pykc_csin_@C@(_pk_z):
    # sin z = -i sinh(iz)
    _pk_s = __pykc_csinh_@C@(complex(-_pk_z.imag, _pk_z.real))
    return complex(_pk_s.imag, -_pk_s.real)


@__pykc_cuda.jit(device=True)
def __pykc_ctan_@C@(_pk_z):
    # tan z = -i tanh(iz)
    _pk_t = __pykc_ctanh_@C@(complex(-_pk_z.imag, _pk_z.real))
    return complex(_pk_t.imag, -_pk_t.real)


@__pykc_cuda.jit(device=True)
def __pykc_cacos_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if abs(_pk_x) > 8.5070586659632215e+37 or abs(_pk_y) > 8.5070586659632215e+37:
        # Far out, acos z ~ arg(z) - i ln(2|z|); halving first keeps |z|
        # finite (ln 4 adds the factors of 2 back).
        return complex(__pykc_math.atan2(abs(_pk_y), _pk_x),
                       __pykc_math.copysign(__pykc_math.log(__pykc_math.hypot(_pk_x * 0.5, _pk_y * 0.5)) + 1.3862943611198906, -_pk_y))
    _pk_s1 = __pykc_csqrt_@C@(complex(1.0 - _pk_x, -_pk_y))
    _pk_s2 = __pykc_csqrt_@C@(complex(1.0 + _pk_x, _pk_y))
    return complex(2.0 * __pykc_math.atan2(_pk_s1.real, _pk_s2.real),
                   __pykc_math.asinh(_pk_s2.real * _pk_s1.imag - _pk_s2.imag * _pk_s1.real))


@__pykc_cuda.jit(device=True)
def __pykc_cacosh_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if abs(_pk_x) > 8.5070586659632215e+37 or abs(_pk_y) > 8.5070586659632215e+37:
        return complex(__pykc_math.log(__pykc_math.hypot(_pk_x * 0.5, _pk_y * 0.5)) + 1.3862943611198906,
                       __pykc_math.atan2(_pk_y, _pk_x))
    _pk_s1 = __pykc_csqrt_@C@(complex(_pk_x - 1.0, _pk_y))
    _pk_s2 = __pykc_csqrt_@C@(complex(_pk_x + 1.0, _pk_y))
    return complex(__pykc_math.asinh(_pk_s1.real * _pk_s2.real + _pk_s1.imag * _pk_s2.imag),
                   2.0 * __pykc_math.atan2(_pk_s1.imag, _pk_s2.real))


@__pykc_cuda.jit(device=True)
def __pykc_casinh_@C@(_pk_z):
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if abs(_pk_x) > 8.5070586659632215e+37 or abs(_pk_y) > 8.5070586659632215e+37:
        return complex(__pykc_math.copysign(__pykc_math.log(__pykc_math.hypot(_pk_x * 0.5, _pk_y * 0.5)) + 1.3862943611198906, _pk_x),
                       __pykc_math.atan2(_pk_y, abs(_pk_x)))
    _pk_s1 = __pykc_csqrt_@C@(complex(1.0 + _pk_y, -_pk_x))
    _pk_s2 = __pykc_csqrt_@C@(complex(1.0 - _pk_y, _pk_x))
    return complex(__pykc_math.asinh(_pk_s1.real * _pk_s2.imag - _pk_s2.real * _pk_s1.imag),
                   __pykc_math.atan2(_pk_y, _pk_s1.real * _pk_s2.real - _pk_s1.imag * _pk_s2.imag))


@__pykc_cuda.jit(device=True)
def __pykc_casin_@C@(_pk_z):
    # asin z = -i asinh(iz)
    _pk_s = __pykc_casinh_@C@(complex(-_pk_z.imag, _pk_z.real))
    return complex(_pk_s.imag, -_pk_s.real)


@__pykc_cuda.jit(device=True)
def __pykc_catanh_@C@(_pk_z):
    # Odd: computed for x >= 0 and negated back.
    _pk_flip = _pk_z.real < 0
    _pk_x = _pk_z.real
    _pk_y = _pk_z.imag
    if _pk_flip:
        _pk_x = -_pk_x
        _pk_y = -_pk_y
    _pk_ay = abs(_pk_y)
    if __pykc_math.isnan(_pk_x) or _pk_x > 9.223371761976865e+18 or _pk_ay > 9.223371761976865e+18:
        # Far out, atanh z ~ 1/z + (pi/2) j.
        if __pykc_math.isinf(_pk_y):
            _pk_re = __pykc_math.copysign(0.0, _pk_x)
        elif __pykc_math.isinf(_pk_x):
            _pk_re = 0.0
        else:
            _pk_h = __pykc_math.hypot(_pk_x * 0.5, _pk_y * 0.5)
            _pk_re = _pk_x / 4.0 / _pk_h / _pk_h
        _pk_im = -__pykc_math.copysign(1.5707963267948966, -_pk_y)
    elif _pk_x == 1.0 and _pk_ay < 1.0842021724855044e-19:
        # At the branch point: infinite for y == 0 (C99), else its limit.
        if _pk_ay == 0:
            _pk_re = __pykc_math.inf
            _pk_im = _pk_y
        else:
            _pk_re = -__pykc_math.log(__pykc_math.sqrt(_pk_ay) / __pykc_math.sqrt(__pykc_math.hypot(_pk_ay, 2.0)))
            _pk_im = __pykc_math.copysign(__pykc_math.atan2(2.0, -_pk_ay) / 2, _pk_y)
    else:
        # (1/4) ln(1 + 4x / ((1-x)^2 + y^2)) + (1/2) arg((1-x)(1+x) - y^2 + 2y j)
        _pk_yy = _pk_ay * _pk_ay
        _pk_w = 1 - _pk_x
        _pk_re = __pykc_math.log1p(4.0 * _pk_x / (_pk_w * _pk_w + _pk_yy)) * 0.25
        _pk_im = -__pykc_math.atan2(-2.0 * _pk_y, _pk_w * (1 + _pk_x) - _pk_yy) * 0.5
    if __pykc_math.isnan(_pk_y):
        _pk_im = __pykc_math.nan
    if _pk_flip:
        return complex(-_pk_re, -_pk_im)
    return complex(_pk_re, _pk_im)


@__pykc_cuda.jit(device=True)
def __pykc_catan_@C@(_pk_z):
    # atan z = -i atanh(iz); for z = inf + nan j Python's result keeps the
    # real part's sign the other way.
    _pk_t = __pykc_catanh_@C@(complex(-_pk_z.imag, _pk_z.real))
    if __pykc_math.isinf(_pk_z.real) and __pykc_math.isnan(_pk_z.imag):
        return complex(_pk_t.imag, _pk_t.real)
    return complex(_pk_t.imag, -_pk_t.real)
)py";

} // namespace

FunctionInfo &complexHelper(ModuleScope &Scope, TypeContext &Types,
                            const std::string &Operation,
                            const ScalarType *Complex) {
  std::string Suffix = "_" + Complex->str();
  if (FunctionInfo *Fn = Scope.function("__pykc_" + Operation + Suffix))
    return *Fn;
  bool Single = Complex == Types.complex64();
  Scope.addSynthetic(
      "<pykc complex " + Complex->str() + ">", ComplexTemplate,
      {{"C", Complex->str()},
       {"F", Types.complexPart(Complex)->str()},
       {"MAX", Single ? "3.4028234663852886e+38" : "1.7976931348623157e+308"}});
  return *Scope.function("__pykc_" + Operation + Suffix);
}

} // namespace pykc::ir
