//===- build/BuildOptional.cpp - None, and values that may be None --------===//
//
// Numba types a variable assigned both None and a T, or a function that
// returns both, as OptionalType(T). Such a value flows unchanged through
// assignments, returns and device-function arguments; `x is None` tests it;
// anything else that needs a T unwraps it, which fails at run time when it
// holds None (Numba raises TypeError; a CUDA thread stops).
//
// The checker tracks which names a test or an assignment has shown to hold
// a value: it warns [OptionalUnchecked] about an unwrap of any other
// optional, and says which if-else arms it unwrapped. The run-time check
// stays either way (LLVM folds it after a test).
//
//===----------------------------------------------------------------------===//
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Expr *FunctionBuilder::noneValue(SourceRange Range) {
  // The None constant itself: of type none, made an optional's None by
  // convert() where it meets one.
  return make<OptionalMakeExpr>(Range, S.Types.none());
}

Expr *FunctionBuilder::lowerOptional(const fe::Expr &E) {
  if (isNoneLiteral(E))
    return noneValue(E.Range);
  Value V = lower(E);
  if (V.K == Value::Kind::Expr)
    return V.E;
  if (V.isValid())
    error(E.Range, DiagKind::NotAValue);
  return nullptr;
}

Expr *FunctionBuilder::unwrapOptional(Expr *E) {
  auto *O = dynCast<OptionalType>(E->Ty);
  if (!O)
    return E;
  // Unchecked unwraps were warned about by the checker (OptionalUnchecked).
  auto *U = make<OptionalUnwrapExpr>(E->Range, O->base());
  U->Operand = E;
  return U;
}

Expr *FunctionBuilder::optionalIsNone(Expr *Operand, bool IsNot, SourceRange Range) {
  auto *Valid = make<OptionalValidExpr>(Range, S.Types.boolean());
  Valid->Operand = Operand;
  if (IsNot)
    return Valid;
  auto *Not = make<UnaryExpr>(Range, S.Types.boolean());
  Not->Op = UnaryArithOp::Not;
  Not->Operand = Valid;
  return Not;
}

Expr *FunctionBuilder::convertOptional(Expr *E, const Type *To) {
  auto *From = dynCast<OptionalType>(E->Ty);
  auto *ToOpt = dynCast<OptionalType>(To);
  if (!ToOpt) // a value is needed: unwrap, then convert the value
    return From ? convert(unwrapOptional(E), To) : nullptr;
  if (E->Ty->kind() == TypeKind::None) {
    auto *None = make<OptionalMakeExpr>(E->Range, To);
    if (E->Kind == NodeKind::OptionalMake)
      return None;
    // A call that returns None still runs.
    auto *Seq = make<SeqExpr>(E->Range, To);
    auto *Eval = make<EvalStmt>(E->Range);
    Eval->Value = E;
    Seq->Stmts.push_back(Eval);
    Seq->Value = None;
    return Seq;
  }
  if (!From) {
    Expr *Inner = convert(E, ToOpt->base());
    if (!Inner)
      return nullptr;
    auto *Make = make<OptionalMakeExpr>(E->Range, To);
    Make->Operand = Inner;
    return Make;
  }
  // OptionalType(int64) to OptionalType(float64): the value converted, or None.
  Expr *Src = materialize(E);
  auto *Value = make<OptionalUnwrapExpr>(E->Range, From->base());
  Value->Operand = Src;
  Value->Checked = false;
  Expr *Inner = convert(Value, ToOpt->base());
  if (!Inner)
    return nullptr;
  auto *Some = make<OptionalMakeExpr>(E->Range, To);
  Some->Operand = Inner;
  auto *Sel = make<SelectExpr>(E->Range, To);
  Sel->Cond = optionalIsNone(Src, /*IsNot=*/true, E->Range);
  Sel->Then = Some;
  Sel->Else = make<OptionalMakeExpr>(E->Range, To);
  return Sel;
}

} // namespace pykc::ir
