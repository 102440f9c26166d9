//===- ExpandOperators.cpp - Python's operators, expanded once ------------===//
#include "ir/ExpandOperators.h"

#include "ir/IRWalk.h"
#include "ir/IndexFunctions.h"
#include "ir/NonNegative.h"
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
    NonNegativeValues Facts(F); // on the IR as written, before expanding
    NonNegative = &Facts;
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
      setIndexFacts(*N);
      Work.insert(Work.end(), Children.rbegin(), Children.rend());
    }
    NonNegative = nullptr;
  }

private:
  /// The index rules of a node that indexes (IndexFunctions.h), read by
  /// the emitters; its indices are already expanded.
  void setIndexFacts(Node &N) {
    auto Wraps = [&](const ExprList &Indices) {
      IndexWraps W;
      for (const Expr *I : Indices)
        W.push_back(wrap(*I));
      return W;
    };
    switch (N.Kind) {
    case NodeKind::ArrayLoad:
      static_cast<ArrayLoadExpr &>(N).Wraps = Wraps(static_cast<ArrayLoadExpr &>(N).Indices);
      break;
    case NodeKind::StoreStmt:
      static_cast<StoreStmt &>(N).Wraps = Wraps(static_cast<StoreStmt &>(N).Indices);
      break;
    case NodeKind::AtomicRMW:
      static_cast<AtomicRMWExpr &>(N).Wraps = Wraps(static_cast<AtomicRMWExpr &>(N).Indices);
      break;
    case NodeKind::TupleGetDynamic: {
      auto &T = static_cast<TupleGetDynamicExpr &>(N);
      T.Wrap = wrap(*T.Index);
      break;
    }
    case NodeKind::ArrayView:
      for (ViewIndex &E : static_cast<ArrayViewExpr &>(N).Entries) {
        if (!E.isSlice())
          E.Wrap = wrap(*E.Index);
        else if (E.Start || E.Stop || E.Step)
          E.Slice = sliceFunctions();
      }
      break;
    default:
      break;
    }
  }

  /// The function wrapping \p Index around; null when it cannot be
  /// negative (NonNegative.h).
  const Function *wrap(const Expr &Index) {
    auto *T = dynCast<ScalarType>(Index.Ty);
    if (!T || !T->isInteger() || !T->isSigned())
      return nullptr;
    auto Written = Original.find(&Index); // what expanding an operator replaced
    if (NonNegative->known(Written == Original.end() ? Index : *Written->second))
      return nullptr;
    const Function *&F = WrapMade[{T, Current->HostCode}];
    if (!F)
      F = flavoured(buildIndexWrapFunction(M, Types, T), false);
    return F;
  }

  SliceFunctions sliceFunctions() {
    SliceFunctions &S = SliceMade[Current->HostCode];
    if (!S.Start) {
      buildSliceFunctions(M, Types, S);
      for (const Function *F : {S.Start, S.Stop, S.Length, S.Step})
        flavoured(const_cast<Function *>(F), false);
    }
    return S;
  }

  /// \p F made for the current function's flavour: host code's (and, for
  /// \p FastMath operators, fastmath's) are separate functions with a
  /// name each.
  Function *flavoured(Function *F, bool FastMath) {
    if (!F)
      return F;
    F->HostCode = Current->HostCode;
    F->FastMath = FastMath && Current->FastMath;
    if (F->HostCode)
      F->SymbolName += "_host";
    if (F->FastMath)
      F->SymbolName += "_fastmath";
    return F;
  }

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
    Original[New] = B;
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
      // Both operands in the result's type, as Numba's _int_divmod_impl
      // casts them: uint32 // int32 is int64's floor division (7 // -2 is
      // -4), and uint64 // int64 too, reading the uint64's bits as int64.
      Expr *Call = call(B, B.Op, Result, Result, {cast(B.LHS, Result), cast(B.RHS, Result)});
      if (auto *C = dynCast<CallExpr>(Call); C && Current->HostCode) {
        C->RaisesOnZero = B.Op;
        C->RaisesAsDivmod = B.OfDivmod;
      }
      return Call;
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
    Function *F = flavoured(buildOperatorFunction(M, Types, Op, L, R), true);
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
  std::map<std::pair<const ScalarType *, bool>, const Function *> WrapMade;
  std::map<bool, SliceFunctions> SliceMade;
  std::map<const BinaryExpr *, Expr *> Replaced;
  std::map<const Expr *, const BinaryExpr *> Original;
  NonNegativeValues *NonNegative = nullptr;
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
  M.OperatorsExpanded = true;
}

} // namespace pykc::ir
