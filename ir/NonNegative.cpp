//===- NonNegative.cpp - Integer values known to be at least 0 ------------===//
#include "ir/NonNegative.h"

#include "ir/IRWalk.h"

#include <vector>

namespace pykc::ir {

namespace {

/// Deeper expressions are taken as unknown: the analysis needs no more to
/// see ordinary indices, and its recursion stays bounded.
constexpr unsigned MaxDepth = 48;
/// Rounds of the fixed point over variables; one that has not settled by
/// then drops its remaining candidates (unknown is always safe).
constexpr unsigned MaxRounds = 8;

bool isIntegerOrTuple(const Type *T) {
  if (auto *S = dynCast<ScalarType>(T))
    return S->isInteger() || S->isBoolean();
  return dynCast<TupleType>(T) != nullptr;
}

int64_t signedConstant(const ConstantExpr &C) { return int64_t(C.IntBits); }

bool isConstantAtLeast(const Expr &E, int64_t Least) {
  auto *C = dynCast<ConstantExpr>(&E);
  auto *S = C ? dynCast<ScalarType>(C->Ty) : nullptr;
  return S && S->isInteger() && (S->isSigned() ? signedConstant(*C) >= Least
                                               : Least <= 0 || C->IntBits >= uint64_t(Least));
}

/// One assignment of a variable: its value, or (a loop index) the loop.
struct Definition {
  const Variable *Var;
  const Expr *Value = nullptr;
  const ForRangeStmt *Loop = nullptr;
};

/// Every assignment in \p F, found without recursion.
std::vector<Definition> definitions(const Function &F) {
  std::vector<Definition> Out;
  std::vector<const Node *> Work(F.Body.rbegin(), F.Body.rend());
  while (!Work.empty()) {
    const Node *N = Work.back();
    Work.pop_back();
    if (auto *A = dynCast<AssignStmt>(N))
      Out.push_back({A->Var, A->Value, nullptr});
    else if (auto *L = dynCast<ForRangeStmt>(N))
      Out.push_back({L->Var, nullptr, L});
    forEachChild(*N, [&](const Node &Child) { Work.push_back(&Child); });
  }
  return Out;
}

} // namespace

NonNegativeValues::NonNegativeValues(const Function &F) {
  std::vector<Definition> Defs = definitions(F);
  // Optimistic: every integer variable that is not a parameter, until one
  // of its assignments is not known non-negative.
  std::set<const Variable *> Params(F.Params.begin(), F.Params.end());
  for (const Definition &D : Defs)
    if (!Params.count(D.Var) && isIntegerOrTuple(D.Var->Ty))
      Variables.insert(D.Var);
  for (unsigned Round = 0;; ++Round) {
    // Cached answers of a round may rest on candidates it drops; the
    // last round drops none, so its answers all hold.
    Known.clear();
    bool Changed = false;
    for (const Definition &D : Defs) {
      if (!Variables.count(D.Var))
        continue;
      bool Keeps;
      if (D.Loop) {
        // Up from a start at least 0 (counting down, the index may pass
        // below the stop as the loop ends).
        Keeps = expr(*D.Loop->Start, 0) && isConstantAtLeast(*D.Loop->Step, 1);
      } else {
        Keeps = expr(*D.Value, 0);
      }
      if (!Keeps) {
        Variables.erase(D.Var);
        Changed = true;
      }
    }
    if (!Changed)
      break;
    if (Round + 1 == MaxRounds) {
      Variables.clear();
      break;
    }
  }
  Known.clear();
}

bool NonNegativeValues::expr(const Expr &E, unsigned Depth) {
  if (Depth > MaxDepth || !isIntegerOrTuple(E.Ty))
    return false;
  if (auto It = Known.find(&E); It != Known.end())
    return It->second;
  bool R = uncached(E, Depth);
  Known[&E] = R;
  return R;
}

bool NonNegativeValues::uncached(const Expr &E, unsigned Depth) {
  if (auto *S = dynCast<ScalarType>(E.Ty); S && (!S->isSigned() || S->isBoolean()))
    return true;
  unsigned Next = Depth + 1;
  switch (E.Kind) {
  case NodeKind::Constant:
    return signedConstant(static_cast<const ConstantExpr &>(E)) >= 0;
  case NodeKind::VarRef:
    return Variables.count(static_cast<const VarRefExpr &>(E).Var) != 0;
  case NodeKind::SpecialReg:
  case NodeKind::ArrayDim:
  case NodeKind::ArraySize:
    return true;
  case NodeKind::Intrinsic: {
    IntrinsicId Id = static_cast<const IntrinsicExpr &>(E).Id;
    return Id == IntrinsicId::Grid || Id == IntrinsicId::GridSize;
  }
  case NodeKind::Cast:
    return cast(static_cast<const CastExpr &>(E), Next);
  case NodeKind::Binary:
    return binary(static_cast<const BinaryExpr &>(E), Next);
  case NodeKind::Select: {
    auto &S = static_cast<const SelectExpr &>(E);
    return expr(*S.Then, Next) && expr(*S.Else, Next);
  }
  case NodeKind::Seq:
    return expr(*static_cast<const SeqExpr &>(E).Value, Next);
  case NodeKind::TupleGet:
    return expr(*static_cast<const TupleGetExpr &>(E).Tuple, Next);
  case NodeKind::TupleMake:
    for (const Expr *X : static_cast<const TupleMakeExpr &>(E).Elements)
      if (isIntegerOrTuple(X->Ty) ? !expr(*X, Next) : true)
        return false;
    return true;
  default:
    return false;
  }
}

bool NonNegativeValues::cast(const CastExpr &C, unsigned Depth) {
  auto *From = dynCast<ScalarType>(C.Operand->Ty);
  auto *To = dynCast<ScalarType>(C.Ty);
  if (!From || !To || !(From->isInteger() || From->isBoolean()))
    return false;
  if (From->isBoolean())
    return true;
  // Kept: a signed value into at least its width; an unsigned one into a
  // wider type (into its own width it may turn negative).
  bool Fits = From->isSigned() ? To->bitWidth() >= From->bitWidth()
                               : To->bitWidth() > From->bitWidth();
  return Fits && expr(*C.Operand, Depth);
}

bool NonNegativeValues::binary(const BinaryExpr &B, unsigned Depth) {
  switch (B.Op) {
  case ArithOp::Add:
  case ArithOp::Mul:
  case ArithOp::FloorDiv:
  case ArithOp::DivTrunc:
  case ArithOp::BitOr:
    return expr(*B.LHS, Depth) && expr(*B.RHS, Depth);
  case ArithOp::Shr:
  case ArithOp::ShrBits:
    return expr(*B.LHS, Depth);
  case ArithOp::Mod:
    // Python's % takes the divisor's sign (0 for a zero divisor).
    return isConstantAtLeast(*B.RHS, 0);
  case ArithOp::BitAnd:
    return expr(*B.LHS, Depth) || expr(*B.RHS, Depth);
  default:
    return false;
  }
}

} // namespace pykc::ir
