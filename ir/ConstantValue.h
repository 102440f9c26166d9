//===- ConstantValue.h - Compile-time Python values -------------*- C++ -*-===//
///
/// \file
/// Values known at compile time: module constants (`TPB = 16`), literals and
/// arithmetic on them, tuples of them, and dtypes. Numba freezes a kernel's
/// global names to such values when it compiles the kernel; pykc does the
/// same with the module's top-level assignments.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/Type.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

struct ConstantValue {
  /// Array: a module-level NumPy array (ir/ConstantArray.h), its elements
  /// in C order in Elements (each Int, Float or Bool), Dtype and Shape.
  enum class Kind { Int, Float, Bool, None, String, Tuple, Dtype, Array };
  Kind K = Kind::None;
  int64_t Int = 0;
  double Float = 0;
  bool Bool = false;
  std::string String;
  std::vector<ConstantValue> Elements;
  const ScalarType *Dtype = nullptr;
  std::vector<int64_t> Shape; ///< Arrays only.

  static ConstantValue makeInt(int64_t V);
  static ConstantValue makeFloat(double V);
  static ConstantValue makeBool(bool V);
  /// Python's repr of the value, for messages.
  std::string str() const;
};

/// Resolves a name (or a dotted attribute path) to a constant, or nothing.
using ConstantLookup = std::function<std::optional<ConstantValue>(const frontend::Expr &)>;

/// Evaluates \p E when it is a compile-time constant expression: literals,
/// names \p Lookup knows, tuples, unary and binary arithmetic with Python's
/// semantics, comparisons and `and`/`or`/`not`. Returns nothing otherwise
/// (including on overflow or division by zero).
std::optional<ConstantValue> evaluateConstant(const frontend::Expr &E,
                                              const ConstantLookup &Lookup);

} // namespace pykc::ir
