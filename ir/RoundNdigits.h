//===- RoundNdigits.h - Python's round(x, ndigits) --------------*- C++ -*-===//
#pragma once

#include "ir/ModuleScope.h"
#include "ir/Type.h"

namespace pykc::ir {

/// The device function computing round(x, ndigits) for floats of \p Dtype,
/// as Numba does (numba/cpython/builtins.py: scale by a power of ten, round
/// half to even in the float's own type, scale back), written in pykc's
/// kernel language and added to \p Scope on first use.
FunctionInfo &roundNdigitsHelper(ModuleScope &Scope, const ScalarType *Dtype);

} // namespace pykc::ir
