//===- ConstantOperators.h - Python's operators on constants ----*- C++ -*-===//
///
/// \file
/// `//`, `%`, `**` (integer exponent), `<<` and `>>` on the numbers of a
/// module's constant expressions (`TPB // 2`, `1 << SHIFT`), computed by the
/// same functions kernels call (OperatorFunctions.h), run by the
/// interpreter (Interpret.h) on int64 or float64, the types Numba gives a
/// module's Python ints and floats. What is Python's alone (an exception,
/// an int that outgrows 64 bits) the constant evaluator decides first.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operators.h"

#include <cstdint>
#include <optional>

namespace pykc::ir {

/// \p Op (FloorDiv, Mod, Pow, Shl or Shr) on int64 values; nothing when
/// the function cannot run (a zero divisor is given 0, as kernels give it).
std::optional<int64_t> constantIntOperator(ArithOp Op, int64_t A, int64_t B);

/// \p Op (FloorDiv or Mod) on float64 values.
std::optional<double> constantFloatOperator(ArithOp Op, double A, double B);

} // namespace pykc::ir
