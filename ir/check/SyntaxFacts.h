//===- check/SyntaxFacts.h - What the syntax alone says ---------*- C++ -*-===//
///
/// \file
/// Questions answered from the syntax tree, with no types: both the checker
/// and the lowering ask them, so each has one answer.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/Operators.h"

#include <optional>
#include <set>
#include <string>

namespace pykc::ir {

/// The IR's operator for a Python binary operator; none for `@`, which no
/// kernel type supports.
std::optional<ArithOp> arithOpOf(frontend::BinaryOp Op);
/// The IR's comparison for a Python one; none for `is` and `in`.
std::optional<CompareOp> compareOpOf(frontend::CmpOp Op);
/// Whether \p E is the literal None.
bool isNoneLiteral(const frontend::Expr &E);

/// operator.add(a, b) and the other rows OPERATOR_* of ir/Builtins.def: the
/// operator a path applies, by its shape.
struct OperatorFunction {
  enum class Shape { Binary, Unary, Compare };
  Shape K;
  int Op; ///< A frontend::BinaryOp, frontend::UnaryOp or CompareOp.
};
std::optional<OperatorFunction> operatorFunctionOf(const std::string &Path);

/// The names a condition shows to hold a value (not None) when true or
/// when false: `x is not None`, `not`, `and`, `or`.
struct Narrowing {
  std::set<std::string> WhenTrue, WhenFalse;
};
Narrowing narrowingOf(const frontend::Expr &Cond);

} // namespace pykc::ir
