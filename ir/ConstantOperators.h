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
/// Likewise a module's indexing and slicing of its tuples, lists and
/// strings (`SIZES[-1]`, `NAMES[1:]`) use the index and slice functions
/// kernels use (IndexFunctions.h); an index still out of range after
/// wrapping, and a step of 0, are Python's errors, decided first.
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

/// \p I as an index into a sequence of \p Size: wrapped around once.
int64_t constantIndex(int64_t I, int64_t Size);

/// What slice.indices(\p Size) gives a slice of a sequence of \p Size:
/// the first index, and how many elements from it by the step.
struct ConstantSlice {
  int64_t First = 0, Length = 0;
};
/// \p Start and \p Stop are absent where the slice leaves them out;
/// \p Step is not 0.
ConstantSlice constantSlice(int64_t Size, std::optional<int64_t> Start,
                            std::optional<int64_t> Stop, int64_t Step);

} // namespace pykc::ir
