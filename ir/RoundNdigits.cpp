//===- RoundNdigits.cpp - Python's round(x, ndigits) ----------------------===//
#include "ir/RoundNdigits.h"

namespace pykc::ir {

namespace {

// @D@ is the float dtype. Its names start with _pk_ (see Reduction.cpp).
const char *const RoundTemplate = R"py(
@__pykc_cuda.jit(device=True)
def __pykc_round_ndigits_@D@(_pk_x, _pk_ndigits):
    if __pykc_math.isinf(_pk_x) or __pykc_math.isnan(_pk_x):
        return _pk_x
    if _pk_ndigits >= 0:
        if _pk_ndigits > 22:
            # Each factor is safe from overflow; their product may not be.
            _pk_pow1 = 10.0 ** (_pk_ndigits - 22)
            _pk_pow2 = 1e22
        else:
            _pk_pow1 = 10.0 ** _pk_ndigits
            _pk_pow2 = 1.0
        _pk_y = (_pk_x * _pk_pow1) * _pk_pow2
        if __pykc_math.isinf(_pk_y):
            return _pk_x
        # As Numba: y is a float64 (x times a float64 power), rounded half
        # to even in float64; only the result becomes @D@.
        return __pykc_numba.@D@((__pykc_numba.__pykc_rint(_pk_y) / _pk_pow2) / _pk_pow1)
    _pk_pow1 = 10.0 ** (-_pk_ndigits)
    _pk_y = _pk_x / _pk_pow1
    return __pykc_numba.@D@(__pykc_numba.__pykc_rint(_pk_y) * _pk_pow1)
)py";

} // namespace

FunctionInfo &roundNdigitsHelper(ModuleScope &Scope, const ScalarType *Dtype) {
  std::string Name = "__pykc_round_ndigits_" + Dtype->str();
  if (FunctionInfo *Fn = Scope.function(Name))
    return *Fn;
  return *Scope
              .addSynthetic("<pykc round(x, ndigits) " + Dtype->str() + ">", RoundTemplate,
                            {{"D", Dtype->str()}})
              .front();
}

} // namespace pykc::ir
