//===- build/BuildFunction.cpp - A function's variables and body ----------===//
#include "ir/AssignmentWebs.h"
#include "ir/build/FunctionBuilder.h"
#include "ir/NameCheck.h"
#include "support/InternalError.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

FunctionBuilder::FunctionBuilder(SemaContext &S, FunctionInfo &Info, Function &F,
                                 const std::vector<InstanceArg> &Args,
                                 std::unique_ptr<FunctionChecker> Typed,
                                 const ReturnTyping &TypedReturns)
    : S(S), Info(Info), Scope(Info.Scope ? *Info.Scope : S.Scope), F(F),
      File(Info.File ? Info.File : Scope.module().File), OwnedChecker(std::move(Typed)),
      Checker(*OwnedChecker), Returns(TypedReturns) {
  const FunctionDefStmt &Def = *Info.Def;
  for (size_t I = 0; I < Def.Params.size() && I < Args.size(); ++I)
    if (Args[I].isCompileTime())
      CompileTimeParams[Def.Params[I].Name] = Args[I].Const;
  // The checker lays the variables out: parameters, then each web of each
  // local name (AssignmentWebs.h).
  for (const VariableFact &Fact : Checker.variables()) {
    auto V = std::make_unique<Variable>();
    V->Name = Fact.Name;
    V->Version = Fact.Version;
    V->Ty = Fact.Ty;
    V->ArgType = Fact.ArgType;
    if (Fact.Param)
      F.Params.push_back(V.get());
    CheckerVariables.push_back(V.get());
    F.Variables.push_back(std::move(V));
  }
  for (const auto &[Name, Index] : Checker.locals())
    Locals[Name] = CheckerVariables[Index];
  for (const auto &[Key, Index] : Checker.webVariables())
    WebVars[Key] = CheckerVariables[Index];
}

Variable *FunctionBuilder::local(const std::string &Name) const {
  auto It = Locals.find(Name);
  return It == Locals.end() ? nullptr : It->second;
}

Variable *FunctionBuilder::loadVariable(const NameExpr &N) const {
  const AssignmentWebs &Webs = Checker.webs();
  auto It = Webs.Loads.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Loads.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : V->second;
}

Variable *FunctionBuilder::storeVariable(const NameExpr &N) const {
  const AssignmentWebs &Webs = Checker.webs();
  auto It = Webs.Stores.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Stores.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : V->second;
}

Variable *FunctionBuilder::newTemp(const Type *Ty) {
  auto V = std::make_unique<Variable>();
  V->Name = "$t" + std::to_string(TempCount++);
  V->Ty = Ty;
  F.Variables.push_back(std::move(V));
  return F.Variables.back().get();
}

//===--- Types, from the checker --------------------------------------===//

void FunctionBuilder::inferTypes() {
  const std::vector<VariableFact> &Facts = Checker.variables();
  for (size_t I = 0; I < Facts.size(); ++I)
    CheckerVariables[I]->Ty = Facts[I].Ty;
  coalesceWebs();
}

std::optional<bool> FunctionBuilder::constantTruth(const Expr *Cond) {
  // A truth test of a constant number is as constant as the number.
  if (auto *T = dynCast<TruthExpr>(Cond))
    Cond = T->Operand;
  auto *C = dynCast<ir::ConstantExpr>(Cond);
  if (!C)
    return std::nullopt;
  return foldedTruth(C->Ty, Fold{C->IntBits, C->FloatValue, C->ImagValue});
}

void FunctionBuilder::run() {
  inferTypes();
  if (F.Kind == FunctionKind::Kernel)
    F.ReturnType = S.Types.none();
  else if (!F.ReturnType)
    F.ReturnType = Returns.Known ? Returns.Ty : S.Types.none();
  lowerBlock(Info.Def->Body, F.Body);
  if (dynCast<OptionalType>(F.ReturnType) && canFallThrough(F.Body)) {
    auto *Ret = make<ir::ReturnStmt>(Info.Def->Range);
    Ret->Value = make<OptionalMakeExpr>(Info.Def->Range, F.ReturnType);
    F.Body.push_back(Ret);
  }
  // Falling off the end returns None, which a function typed as returning
  // a value cannot give (codegen relies on it: its end is unreachable).
  if (F.Kind == FunctionKind::Device && F.ReturnType->kind() != TypeKind::None &&
      canFallThrough(F.Body))
    error(Info.Def->NameRange, DiagKind::MissingReturn);
}

void FunctionBuilder::coalesceWebs() {
  // The versions of a name that got one type are one variable again (a
  // name holds one value at a time, so they never need two slots): only
  // versions whose types differ stay apart, and the IR reads as before.
  std::map<std::pair<std::string, const Type *>, Variable *> ByType;
  for (Variable *P : F.Params)
    ByType.emplace(std::make_pair(P->Name, P->Ty), P);
  std::set<Variable *> Dropped;
  for (auto &[Key, V] : WebVars) {
    if (!V->Ty)
      continue; // assigned nowhere that types; no use of it is built
    auto [It, New] = ByType.emplace(std::make_pair(Key.first, V->Ty), V);
    if (!New && It->second != V) {
      Dropped.insert(V);
      V = It->second;
    }
  }
  if (Dropped.empty())
    return;
  std::erase_if(F.Variables, [&](const auto &V) { return Dropped.count(V.get()) != 0; });
  // Number the versions left in order, the first keeping the plain name.
  std::map<std::string, unsigned> Next;
  std::set<Variable *> Numbered;
  for (auto &[Key, V] : WebVars)
    if (Numbered.insert(V).second)
      V->Version = Next[Key.first]++;
  for (auto &[Name, V] : Locals)
    V = WebVars.at({Name, 0});
}

} // namespace pykc::ir
