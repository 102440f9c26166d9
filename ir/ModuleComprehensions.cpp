//===- ModuleComprehensions.cpp - Comprehensions and ranges in module code ===//
//
// Module code builds its tables with comprehensions over ranges and
// constants: `WEIGHTS = [1.0 / (k + 1) for k in range(8)]`, `TAPS =
// tuple(math.exp(-i * i / 8.0) for i in range(-R, R + 1))`. Each element is
// evaluated in a closure scope (ModuleScope::ClosureOf) that binds the
// loop's targets, as Python's comprehension scope does; every other name is
// the module's. A generator expression gives what consuming it gives (its
// elements, as a list): module code hands it to tuple(), sum(), sorted().
//
//===----------------------------------------------------------------------===//
#include "ir/ModuleScope.h"

#include "ir/ModuleValues.h"

#include <functional>

namespace pykc::ir {

using namespace frontend;

namespace {

/// The most elements a range is evaluated for, and the most one module
/// statement's comprehensions take together, nested ones included (tables,
/// not loops the run should do; a million of a million would never end).
constexpr int64_t MaxItems = int64_t(1) << 18;
constexpr int64_t MaxStatementSteps = int64_t(1) << 18;

ConstantValue listOf(std::vector<ConstantValue> Items) {
  ConstantValue L;
  L.K = ConstantValue::Kind::List;
  L.Elements = std::move(Items);
  return L;
}

} // namespace

std::optional<std::vector<ConstantValue>> ModuleScope::rangeOf(const CallExpr &Call) const {
  auto *N = dyn_cast<NameExpr>(Call.Func);
  if (!N || N->Id != "range" || lookup("range") || !Call.Keywords.empty() ||
      Call.Args.empty() || Call.Args.size() > 3)
    return std::nullopt;
  std::vector<int64_t> A;
  for (const Expr *X : Call.Args) {
    auto V = isa<StarredExpr>(X) ? std::nullopt : evaluate(*X);
    if (!V || (V->K != ConstantValue::Kind::Int && V->K != ConstantValue::Kind::Bool))
      return std::nullopt;
    A.push_back(V->K == ConstantValue::Kind::Bool ? int64_t(V->Bool) : V->Int);
  }
  int64_t Start = A.size() == 1 ? 0 : A[0], Stop = A.size() == 1 ? A[0] : A[1];
  int64_t Step = A.size() == 3 ? A[2] : 1;
  if (Step == 0)
    return std::nullopt; // Python's ValueError
  __int128 Span = Step > 0 ? __int128(Stop) - Start : __int128(Start) - Stop;
  __int128 Stride = Step > 0 ? __int128(Step) : -__int128(Step);
  __int128 Count = Span > 0 ? (Span + Stride - 1) / Stride : 0;
  if (Count > MaxItems)
    return std::nullopt;
  std::vector<ConstantValue> Out;
  Out.reserve(size_t(Count));
  for (__int128 I = 0; I < Count; ++I)
    Out.push_back(ConstantValue::makeInt(int64_t(Start + I * Step)));
  return Out;
}

std::optional<ConstantValue> ModuleScope::rangeArgument(const Expr &E) const {
  auto *Call = dyn_cast<CallExpr>(&E);
  auto Items = Call ? rangeOf(*Call) : std::nullopt;
  return Items ? std::optional(listOf(std::move(*Items))) : std::nullopt;
}

bool ModuleScope::bindComprehensionTarget(const Expr &Target, const ConstantValue &Item) {
  if (auto *N = dyn_cast<NameExpr>(&Target)) {
    Symbols[N->Id] = Symbol::constant(Item, N->Range);
    return true;
  }
  // `for i, w in enumerate(W)`: unpacked element by element.
  const ExprList *Parts = nullptr;
  if (auto *T = dyn_cast<TupleExpr>(&Target))
    Parts = &T->Elts;
  else if (auto *L = dyn_cast<ListExpr>(&Target))
    Parts = &L->Elts;
  if (!Parts || (Item.K != ConstantValue::Kind::Tuple && Item.K != ConstantValue::Kind::List) ||
      Item.Elements.size() != Parts->size())
    return false;
  for (size_t I = 0; I < Parts->size(); ++I) {
    auto *N = dyn_cast<NameExpr>((*Parts)[I]);
    if (!N)
      return false; // nested unpacking: left to the run
    Symbols[N->Id] = Symbol::constant(Item.Elements[I], N->Range);
  }
  return true;
}

std::optional<ConstantValue>
ModuleScope::evaluateComprehension(const ComprehensionExpr &C) const {
  if (!C.Elt || C.Generators.empty())
    return std::nullopt;
  ModuleScope Scope(ClosureOf{const_cast<ModuleScope &>(*this)});
  std::vector<ConstantValue> Keys, Values;
  // One budget for the statement, kept by the module (closures' scopes too).
  const ModuleScope *Root = this;
  while (Root->Parent)
    Root = Root->Parent;
  int64_t &Steps = Root->ComprehensionSteps;
  // One level per `for` clause (a handful: the syntax bounds the depth).
  std::function<bool(size_t)> Run = [&](size_t G) -> bool {
    if (G == C.Generators.size()) {
      auto Key = Scope.evaluate(*C.Elt);
      auto Value = C.Value ? Scope.evaluate(*C.Value) : std::optional(ConstantValue());
      if (!Key || !Value)
        return false;
      Keys.push_back(std::move(*Key));
      Values.push_back(std::move(*Value));
      return true;
    }
    const ComprehensionFor &F = C.Generators[G];
    if (F.IsAsync || !F.Target || !F.Iter)
      return false;
    std::optional<ConstantValue> Iterable = Scope.rangeArgument(*F.Iter);
    if (!Iterable)
      Iterable = Scope.evaluate(*F.Iter);
    auto Items = Iterable ? constantItems(*Iterable) : std::nullopt;
    if (!Items)
      return false;
    for (const ConstantValue &Item : *Items) {
      if (++Steps > MaxStatementSteps || !Scope.bindComprehensionTarget(*F.Target, Item))
        return false;
      bool Keep = true;
      for (const Expr *If : F.Ifs) {
        auto Test = Scope.evaluate(*If);
        if (!Test)
          return false;
        if (!(Keep = constantTruth(*Test)))
          break;
      }
      if (Keep && !Run(G + 1))
        return false;
    }
    return true;
  };
  if (!Run(0))
    return std::nullopt;
  ConstantValue Out;
  Out.K = C.CompKind == ComprehensionKind::Dict ? ConstantValue::Kind::Dict
                                                : ConstantValue::Kind::List;
  for (size_t I = 0; I < Keys.size(); ++I) {
    // A set keeps distinct elements; a dict's repeated key its last value.
    size_t Same = Out.Elements.size();
    if (C.CompKind == ComprehensionKind::Set || C.CompKind == ComprehensionKind::Dict)
      for (size_t J = 0; J < Out.Elements.size() && Same == Out.Elements.size(); ++J)
        if (constantEquals(Out.Elements[J], Keys[I]) == std::optional(true))
          Same = J;
    if (Same < Out.Elements.size()) {
      if (C.CompKind == ComprehensionKind::Dict)
        Out.Values[Same] = Values[I];
      continue;
    }
    Out.Elements.push_back(Keys[I]);
    if (C.CompKind == ComprehensionKind::Dict)
      Out.Values.push_back(Values[I]);
  }
  return Out;
}

} // namespace pykc::ir
