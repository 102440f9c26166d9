//===- check/SyntaxFacts.h - What the syntax alone says ---------*- C++ -*-===//
///
/// \file
/// Questions answered from the syntax tree (and the module's constants):
/// both the checker and the IR builder ask them, so each has one answer.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/Operators.h"
#include "ir/Type.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::ir {

class ModuleScope;

/// The IR's operator for a Python binary operator; none for `@`, which no
/// kernel type supports.
std::optional<ArithOp> arithOpOf(frontend::BinaryOp Op);
/// The IR's comparison for a Python one; none for `is` and `in`.
std::optional<CompareOp> compareOpOf(frontend::CmpOp Op);
/// Whether \p E is the literal None.
bool isNoneLiteral(const frontend::Expr &E);
/// Whether \p Body has a break that leaves the loop it is the body of
/// (one not inside a loop nested in it): what decides a loop's `else:`.
bool breaksItsLoop(const frontend::StmtList &Body);
/// The parts of a subscript, one per dimension it names: `a[i, 1:3]` has
/// two, `a[i]` one. An ellipsis stands for the whole slices \p NDim leaves
/// to it (`a[..., 0]` of a 3-D array is `a[:, :, 0]`), so it appears that
/// many times, and not at all when the other parts name every dimension.
std::vector<const frontend::Expr *> subscriptParts(const frontend::Expr &Index, unsigned NDim);
/// Whether \p E is the literal `...`.
bool isEllipsis(const frontend::Expr &E);
/// The bounds of a subscript part that is a slice: a SliceExpr's, or none
/// of the three for an ellipsis's whole slice; nothing for an index.
struct SliceBounds {
  const frontend::Expr *Lower = nullptr, *Upper = nullptr, *Step = nullptr;
};
std::optional<SliceBounds> sliceBoundsOf(const frontend::Expr &Part);
/// The argument call \p C gives each of the parameters \p Names, as Python
/// binds them: the positional ones in order, then each keyword's by its
/// name (null where none is given); the first \p PositionalOnly take no
/// keyword. Bad is a keyword that names no parameter (or is `**`), or,
/// with Repeated, one whose parameter already has an argument.
struct BoundArguments {
  std::vector<const frontend::Expr *> ForParam;
  const frontend::Keyword *Bad = nullptr;
  bool Repeated = false;
};
BoundArguments bindArguments(const std::vector<std::string> &Names, size_t PositionalOnly,
                             const frontend::CallExpr &C);
/// A function's parameters, bound so.
BoundArguments bindArguments(const std::vector<frontend::Param> &Params,
                             const frontend::CallExpr &C);
/// The targets of an unpacking assignment `a, b = t` or `[a, b] = t`;
/// null when \p Target is not a tuple or list of them.
const frontend::ExprList *unpackTargets(const frontend::Expr &Target);
/// The IntEnum class whose member \p E is, for `==` between members and
/// ints: \p ArgType when E is a parameter passed a member (its variable's
/// ArgType; null otherwise), or the class of `Shape.circle`/`Shape['circle']`.
const EnumType *intEnumOf(const frontend::Expr &E, const Type *ArgType,
                          const ModuleScope &Scope);

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

/// How a builtin path is shown to users: "cuda.grid", "math.sqrt", "len".
std::string displayPath(const std::string &Path);
/// "1 argument", "2 arguments".
std::string plural(size_t N, const char *Word);
/// How an UnsupportedSyntax error names statement \p St: "a 'with'
/// statement".
std::string unsupportedStatementName(const frontend::Stmt &St);
/// How an UnsupportedSyntax error names expression \p E: "a list".
std::string unsupportedExpressionName(const frontend::Expr &E);
/// The print(...) call that prints what the f-string \p Source formats:
/// f"i = {i}, x = {x:.2f}" -> print("i =", i, ", x =", x). Numba-CUDA's
/// print takes the values as arguments; it formats no strings.
std::string printForm(std::string_view Source);

} // namespace pykc::ir
