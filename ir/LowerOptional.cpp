//===- LowerOptional.cpp - None, and values that may be None ------------===//
//
// Numba types a variable assigned both None and a T, or a function that
// returns both, as OptionalType(T). Such a value flows unchanged through
// assignments, returns and device-function arguments; `x is None` tests it;
// anything else that needs a T unwraps it, which fails at run time when it
// holds None (Numba raises TypeError; a CUDA thread stops).
//
// pykc also tracks, in lowering order, which names a test or an assignment
// has shown to hold a value (NotNone): an unwrap of any other optional gets
// an [OptionalUnchecked] warning, as it is where a None would stop the
// thread. The run-time check stays either way (LLVM folds it after a test).
//
//===----------------------------------------------------------------------===//
#include "ir/Lowering.h"
#include "ir/NameCheck.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

bool isNone(const fe::Expr &E) {
  auto *K = dyn_cast<fe::ConstantExpr>(&E);
  return K && K->CK == fe::ConstantKind::None;
}

/// The name \p C tests against None (`x is None`, `None is not x`), and
/// whether the test is `is not`; null for any other comparison.
const fe::NameExpr *noneTest(const fe::CompareExpr &C, bool &IsNot) {
  if (C.Ops.size() != 1 || (C.Ops[0] != fe::CmpOp::Is && C.Ops[0] != fe::CmpOp::IsNot))
    return nullptr;
  IsNot = C.Ops[0] == fe::CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  if (isNone(R))
    return dyn_cast<fe::NameExpr>(&L);
  if (isNone(L))
    return dyn_cast<fe::NameExpr>(&R);
  return nullptr;
}

} // namespace

FunctionLowerer::Narrowing FunctionLowerer::narrowingOf(const fe::Expr &Cond) const {
  Narrowing N;
  if (auto *C = dyn_cast<fe::CompareExpr>(&Cond)) {
    bool IsNot = false;
    if (const fe::NameExpr *Name = noneTest(*C, IsNot))
      (IsNot ? N.WhenTrue : N.WhenFalse).insert(Name->Id);
  } else if (auto *U = dyn_cast<fe::UnaryExpr>(&Cond); U && U->Op == fe::UnaryOp::Not) {
    N = narrowingOf(*U->Operand);
    std::swap(N.WhenTrue, N.WhenFalse);
  } else if (auto *B = dyn_cast<fe::BoolOpExpr>(&Cond)) {
    // `a and b` is true when both are; `a or b` false when both are.
    bool And = B->Op == fe::BoolOpKind::And;
    for (const fe::Expr *E : B->Values) {
      Narrowing Part = narrowingOf(*E);
      auto &Into = And ? N.WhenTrue : N.WhenFalse;
      auto &From = And ? Part.WhenTrue : Part.WhenFalse;
      Into.insert(From.begin(), From.end());
    }
  }
  return N;
}

void FunctionLowerer::forgetAssignedIn(const fe::StmtList &Body) {
  // A loop's body may run again after it assigns None: what held a value
  // before the loop is not known to hold one inside it or after it.
  for (const std::string &Name : assignedNames(Body))
    NotNone.erase(Name);
}

void FunctionLowerer::noteAssigned(const std::string &Name, const Type *Ty) {
  if (Ty && Ty->kind() != TypeKind::None && !dynCast<OptionalType>(Ty))
    NotNone.insert(Name);
  else
    NotNone.erase(Name);
}

Expr *FunctionLowerer::noneValue(SourceRange Range) {
  // The None constant itself: of type none, made an optional's None by
  // convert() where it meets one.
  return make<OptionalMakeExpr>(Range, S.Types.none());
}

Expr *FunctionLowerer::lowerOptional(const fe::Expr &E) {
  if (isNone(E))
    return noneValue(E.Range);
  Value V = lower(E);
  if (V.K == Value::Kind::Expr)
    return V.E;
  if (V.isValid())
    notAValueError(E.Range, V);
  return nullptr;
}

Expr *FunctionLowerer::unwrapOptional(Expr *E) {
  auto *O = dynCast<OptionalType>(E->Ty);
  if (!O)
    return E;
  auto *Var = dynCast<VarRefExpr>(E);
  std::string Name = Var ? Var->Var->Name : std::string(File->text(E->Range));
  if (!Quiet && !(Var && NotNone.count(Name)) && WarnedOptional.insert(Name).second)
    S.Diags.report(File, E->Range, DiagKind::OptionalUnchecked,
                   {Name, O->str(), O->base()->str(),
                    Var ? "'if " + Name + " is not None:'"
                        : "'v = " + Name + "' then 'if v is not None:'"});
  auto *U = make<OptionalUnwrapExpr>(E->Range, O->base());
  U->Operand = E;
  return U;
}

Expr *FunctionLowerer::optionalIsNone(Expr *Operand, bool IsNot, SourceRange Range) {
  auto *Valid = make<OptionalValidExpr>(Range, S.Types.boolean());
  Valid->Operand = Operand;
  if (IsNot)
    return Valid;
  auto *Not = make<UnaryExpr>(Range, S.Types.boolean());
  Not->Op = UnaryArithOp::Not;
  Not->Operand = Valid;
  return Not;
}

Expr *FunctionLowerer::convertOptional(Expr *E, const Type *To) {
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
