//===- ExpandOperators.cpp - Python's operators, expanded once ------------===//
#include "ir/ExpandOperators.h"

#include "ir/IRWalk.h"
#include "ir/OperatorFunctions.h"

#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace pykc::ir {

namespace {

class Expander {
public:
  Expander(Module &M, const TypeContext &Types) : M(M), Types(Types) {}

  void function(Function &F) {
    Current = &F;
    // Iterative, so that deeply nested expressions cost no native stack;
    // a node reached twice (the IR may share one) is expanded once.
    std::vector<Node *> Work(F.Body.rbegin(), F.Body.rend());
    while (!Work.empty()) {
      Node *N = Work.back();
      Work.pop_back();
      if (!Seen.insert(N).second)
        continue;
      std::vector<Node *> Children;
      forEachChildSlot(
          *N,
          [&](Expr *&E) {
            E = expand(E);
            Children.push_back(E);
          },
          [&](Stmt &S) { Children.push_back(&S); });
      Work.insert(Work.end(), Children.rbegin(), Children.rend());
    }
  }

private:
  using Key =
      std::tuple<ArithOp, const ScalarType *, const ScalarType *, bool, bool>;

  /// \p E, or what replaces it when it is one of the expanded operators.
  Expr *expand(Expr *E) {
    auto *B = dynCast<BinaryExpr>(E);
    if (!B)
      return E;
    if (auto It = Replaced.find(B); It != Replaced.end())
      return It->second;
    Expr *New = replacement(*B);
    Replaced[B] = New;
    return New;
  }

  Expr *replacement(BinaryExpr &B) {
    auto *Result = dynCast<ScalarType>(B.Ty);
    auto *Left = dynCast<ScalarType>(B.LHS->Ty),
         *Right = dynCast<ScalarType>(B.RHS->Ty);
    if (!Result || !Left || !Right || Left->isComplex())
      return &B;
    switch (B.Op) {
    case ArithOp::FloorDiv:
    case ArithOp::Mod: {
      // The left operand's type decides (Numba's (int64, uint64) cases
      // convert the right one's bits).
      Expr *Call = call(B, B.Op, Left, Left, {B.LHS, cast(B.RHS, Left)});
      if (auto *C = dynCast<CallExpr>(Call); C && Current->HostCode)
        C->RaisesOnZero = B.Op;
      return cast(Call, Result);
    }
    case ArithOp::Shl:
    case ArithOp::Shr:
      // Both operands in the result's type, which is at least 64 bits.
      return call(B, B.Op, Result, Result,
                  {cast(B.LHS, Result), cast(B.RHS, Result)});
    case ArithOp::Pow:
      if (Left->isFloat() && Right->isFloat()) {
        auto *I = M.create<IntrinsicExpr>(B.Range);
        I->Ty = Left;
        I->Id = IntrinsicId::MathPow;
        I->Args = {B.LHS, B.RHS};
        return cast(I, Result);
      }
      return cast(call(B, B.Op, Left, Right, {B.LHS, B.RHS}), Result);
    default:
      return &B;
    }
  }

  Expr *call(BinaryExpr &B, ArithOp Op, const ScalarType *L,
             const ScalarType *R, ExprList Args) {
    Function *Callee = operatorFunction(Op, L, R);
    if (!Callee)
      return &B; // no expansion for these types: the emitters refuse it
    auto *C = M.create<CallExpr>(B.Range);
    C->Ty = Callee->ReturnType;
    C->Callee = Callee;
    C->Args = std::move(Args);
    return C;
  }

  Function *operatorFunction(ArithOp Op, const ScalarType *L,
                             const ScalarType *R) {
    Key K{Op, L, R, Current->HostCode, Current->FastMath};
    if (auto It = Made.find(K); It != Made.end())
      return It->second;
    Function *F = buildOperatorFunction(M, Types, Op, L, R);
    if (F) {
      F->HostCode = Current->HostCode;
      F->FastMath = Current->FastMath;
      // Flavours of one operator are separate functions with one name each.
      if (F->HostCode)
        F->SymbolName += "_host";
      if (F->FastMath)
        F->SymbolName += "_fastmath";
    }
    Made[K] = F;
    return F;
  }

  Expr *cast(Expr *V, const ScalarType *To) {
    if (V->Ty == To)
      return V;
    auto *C = M.create<CastExpr>(V->Range);
    C->Ty = To;
    C->Operand = V;
    return C;
  }

  Module &M;
  const TypeContext &Types;
  Function *Current = nullptr;
  std::map<Key, Function *> Made;
  std::map<const BinaryExpr *, Expr *> Replaced;
  std::set<const Node *> Seen;
};

} // namespace

void expandPythonOperators(Module &M, const TypeContext &Types) {
  Expander X(M, Types);
  // The functions made while expanding are appended; they hold no
  // operator to expand, so only the module's functions as it was are walked.
  std::vector<Function *> Functions;
  for (const auto &F : M.functions())
    if (!F->Operator)
      Functions.push_back(F.get());
  for (Function *F : Functions)
    X.function(*F);
}

} // namespace pykc::ir
