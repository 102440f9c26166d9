//===- LowerFunction.cpp - A function's variables, typing and body -----===//
#include "ir/AssignmentWebs.h"
#include "ir/Lowering.h"
#include "ir/NameCheck.h"
#include "support/InternalError.h"

#include <cstdlib>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Checked checkedOf(const Value &V) {
  Checked C;
  switch (V.K) {
  case Value::Kind::Path: C.K = Checked::Kind::Path; break;
  case Value::Kind::Constant: C.K = Checked::Kind::Constant; break;
  case Value::Kind::Function: C.K = Checked::Kind::Function; break;
  case Value::Kind::Module: C.K = Checked::Kind::Module; break;
  case Value::Kind::Foreign: C.K = Checked::Kind::Foreign; break;
  default: PYKC_ICE("checkedOf: not a compile-time entity");
  }
  C.Path = V.Path;
  C.Const = V.Const;
  C.Fn = V.Fn;
  C.Mod = V.Mod;
  C.Foreign = V.Foreign;
  return C;
}

Value valueOf(const Checked &C) {
  Value V;
  switch (C.K) {
  case Checked::Kind::Path: V.K = Value::Kind::Path; break;
  case Checked::Kind::Constant: V.K = Value::Kind::Constant; break;
  case Checked::Kind::Function: V.K = Value::Kind::Function; break;
  case Checked::Kind::Module: V.K = Value::Kind::Module; break;
  case Checked::Kind::Foreign: V.K = Value::Kind::Foreign; break;
  default: PYKC_ICE("valueOf: not a compile-time entity");
  }
  V.Path = C.Path;
  V.Const = C.Const;
  V.Fn = C.Fn;
  V.Mod = C.Mod;
  V.Foreign = C.Foreign;
  return V;
}

namespace {

/// The instance's arguments as the checker takes them.
std::vector<Checked> checkedArguments(const std::vector<InstanceArg> &Args) {
  std::vector<Checked> Out;
  for (const InstanceArg &A : Args)
    Out.push_back(A.isCompileTime() ? checkedOf(A.Const) : Checked::value(A.Ty));
  return Out;
}

} // namespace

FunctionLowerer::FunctionLowerer(SemaContext &S, FunctionInfo &Info, Function &F,
                                 const std::vector<InstanceArg> &Args)
    : S(S), Info(Info), Scope(Info.Scope ? *Info.Scope : S.Scope), F(F),
      File(Info.File ? Info.File : Scope.module().File),
      Checker(S.Types, S.Ops, Info, Scope, checkedArguments(Args), F.HostCode, &S),
      Arena(&S.Out) {
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

Variable *FunctionLowerer::local(const std::string &Name) const {
  auto It = Locals.find(Name);
  return It == Locals.end() ? nullptr : It->second;
}

Variable *FunctionLowerer::loadVariable(const NameExpr &N) const {
  const AssignmentWebs &Webs = Checker.webs();
  auto It = Webs.Loads.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Loads.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : V->second;
}

Variable *FunctionLowerer::storeVariable(const NameExpr &N) const {
  const AssignmentWebs &Webs = Checker.webs();
  auto It = Webs.Stores.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Stores.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : V->second;
}

Variable *FunctionLowerer::newTemp(const Type *Ty) {
  auto V = std::make_unique<Variable>();
  V->Name = "$t" + std::to_string(TempCount++);
  V->Ty = Ty;
  F.Variables.push_back(std::move(V));
  return F.Variables.back().get();
}

//===--- Type inference ---------------------------------------------------===//

bool FunctionLowerer::assignType(const fe::Expr *Target, const Type *Ty) {
  if (!Ty)
    return false;
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    Variable *V = storeVariable(*N);
    if (!V)
      return false;
    if (!V->Ty) {
      V->Ty = Ty;
      FirstAssignment[V] = {Ty, N->Range};
      return true;
    }
    const Type *U = unifyTypes(S.Types, V->Ty, Ty);
    if (U && U != V->Ty) {
      V->Ty = U;
      return true;
    }
    return false;
  }
  const fe::ExprList *Elts = nullptr;
  if (auto *T = dyn_cast<TupleExpr>(Target))
    Elts = &T->Elts;
  else if (auto *L = dyn_cast<ListExpr>(Target))
    Elts = &L->Elts;
  auto *TT = dynCast<TupleType>(Ty);
  if (!Elts || !TT || TT->size() != Elts->size())
    return false;
  bool Changed = false;
  for (size_t I = 0; I < Elts->size(); ++I)
    Changed |= assignType((*Elts)[I], TT->elements()[I]);
  return Changed;
}

bool FunctionLowerer::inferBlock(const fe::StmtList &Body) {
  bool Changed = false;
  for (const fe::Stmt *St : Body) {
    if (auto *A = dyn_cast<fe::AssignStmt>(St)) {
      Expr *V = lowerOptional(*A->Value);
      for (const fe::Expr *T : A->Targets)
        Changed |= V && assignType(T, V->Ty);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(St)) {
      if (A->Value)
        if (Expr *V = lowerOptional(*A->Value))
          Changed |= assignType(A->Target, V->Ty);
    } else if (auto *A = dyn_cast<AugAssignStmt>(St)) {
      auto *N = dyn_cast<NameExpr>(A->Target);
      if (!N)
        continue;
      Expr *L = lowerValue(*N);
      Expr *R = L ? lowerValue(*A->Value) : nullptr;
      if (Expr *B = R ? lowerBinary(A->Op, L, R, A->OpRange, A->Range) : nullptr)
        Changed |= assignType(N, B->Ty);
    } else if (auto *Fo = dyn_cast<ForStmt>(St)) {
      auto *Call = dyn_cast<fe::CallExpr>(Fo->Iter);
      if (Call && isRangeCall(*Call)) {
        std::vector<const Type *> ArgTypes;
        for (const fe::Expr *Arg : Call->Args)
          if (Expr *V = lowerValue(*Arg))
            ArgTypes.push_back(V->Ty);
        if (ArgTypes.size() == Call->Args.size())
          if (auto Sig = S.Ops.range(ArgTypes))
            Changed |= assignType(Fo->Target, Sig->Result);
      } else {
        IterationPlan Plan;
        if (planIteration(*Fo, Plan)) {
          auto *Zero = constantInt(0, S.Types.intp(), Fo->Range);
          for (size_t I = 0; I < Plan.Targets.size(); ++I)
            if (Expr *V = Plan.Targets[I].first ? iterationValue(Plan, I, Zero, Fo->Range) : nullptr)
              Changed |= assignType(Plan.Targets[I].first, V->Ty);
        }
      }
      Changed |= inferBlock(Fo->Body);
    } else if (auto *W = dyn_cast<fe::WhileStmt>(St)) {
      Changed |= inferBlock(W->Body);
    } else if (auto *I = dyn_cast<fe::IfStmt>(St)) {
      if (std::optional<bool> Taken = constantTruth(lowerCondition(*I->Test))) {
        Changed |= inferBlock(*Taken ? I->Body : I->OrElse);
      } else {
        Changed |= inferBlock(I->Body);
        Changed |= inferBlock(I->OrElse);
      }
    } else if (auto *R = dyn_cast<fe::ReturnStmt>(St)) {
      const Type *Ty = S.Types.none();
      if (R->Value) {
        Expr *V = lowerOptional(*R->Value);
        Returns.ReturnsValue = true;
        if (!V)
          continue;
        Ty = V->Ty;
      }
      if (!Returns.Known) {
        Returns.Ty = Ty;
        Returns.Known = true;
        Changed = true;
      } else if (const Type *U = unifyTypes(S.Types, Returns.Ty, Ty); U && U != Returns.Ty) {
        Returns.Ty = U;
        Changed = true;
      }
    }
  }
  return Changed;
}

void FunctionLowerer::inferTypes() {
  // The checker types what it handles; the rest is typed by running the
  // lowering quietly, until the checker handles everything.
  static const bool Verify = [] {
    const char *V = std::getenv("PYKC_VERIFY_TYPING");
    return V && *V && std::string(V) != "0";
  }();
  ReturnTyping Before = Returns, CheckerReturns = Returns;
  // Recursive calls read the provisional return type of the typing that
  // runs: the checker's own while it runs beside the quiet rounds.
  ActiveReturns = Verify ? &CheckerReturns : &Returns;
  bool ByChecker = Checker.typeRounds(Verify ? CheckerReturns : Returns);
  ActiveReturns = &Returns;
  recordTypingStatistics(Info, ByChecker ? "" : Checker.unsupportedConstruct());
  if (ByChecker && !Verify) {
    adoptCheckerTypes();
  } else {
    Returns = Before;
    inferTypesQuietly();
    if (ByChecker)
      verifyCheckerTypes(CheckerReturns);
  }
  coalesceWebs();
}

void FunctionLowerer::adoptCheckerTypes() {
  const std::vector<VariableFact> &Facts = Checker.variables();
  for (size_t I = 0; I < Facts.size(); ++I) {
    CheckerVariables[I]->Ty = Facts[I].Ty;
    if (Facts[I].FirstTy)
      FirstAssignment[CheckerVariables[I]] = {Facts[I].FirstTy, Facts[I].FirstRange};
  }
}

void FunctionLowerer::inferTypesQuietly() {
  Quiet = true;
  Arena = &Scratch; // nothing made while probing types is part of the module
  StmtList Temporaries;
  Pending = &Temporaries;
  size_t VariablesBefore = F.Variables.size();
  // Each pass can only widen types, so this converges; the bound is a guard.
  for (int Pass = 0; Pass < 32 && inferBlock(Info.Def->Body); ++Pass)
    ;
  // Reaching the end returns None: with returns of values elsewhere, an
  // optional (Numba's unification), else an error once lowered.
  if (Returns.Known && Returns.Ty && Checker.fallsThrough(Info.Def->Body))
    if (const Type *U = unifyTypes(S.Types, Returns.Ty, S.Types.none()))
      Returns.Ty = U;
  // Temporaries made while probing types are not part of the function.
  F.Variables.resize(VariablesBefore);
  TempCount = 0;
  AllocCount = 0;
  Pending = nullptr;
  Quiet = false;
  Arena = &S.Out;
}

void FunctionLowerer::verifyCheckerTypes(const ReturnTyping &CheckerReturns) const {
  auto Show = [](const Type *T) { return T ? T->str() : std::string("(untyped)"); };
  std::string Where = "typing '" + Info.Name + "': the checker and the quiet rounds disagree on ";
  const std::vector<VariableFact> &Facts = Checker.variables();
  for (size_t I = 0; I < Facts.size(); ++I) {
    const Variable *V = CheckerVariables[I];
    std::string Name = "variable '" + V->Name + "' (version " + std::to_string(V->Version) + ")";
    if (V->Ty != Facts[I].Ty)
      PYKC_ICE(Where + Name + ": " + Show(Facts[I].Ty) + " against " + Show(V->Ty));
    auto It = FirstAssignment.find(const_cast<Variable *>(V));
    bool Same = It == FirstAssignment.end()
                    ? Facts[I].FirstTy == nullptr
                    : It->second.first == Facts[I].FirstTy &&
                          It->second.second.Begin == Facts[I].FirstRange.Begin &&
                          It->second.second.End == Facts[I].FirstRange.End;
    if (!Same)
      PYKC_ICE(Where + "the first assignment of " + Name);
  }
  if (!(CheckerReturns == Returns))
    PYKC_ICE(Where + "the return type: " + Show(CheckerReturns.Ty) + " against " +
             Show(Returns.Ty));
}

std::optional<bool> FunctionLowerer::constantTruth(const Expr *Cond) {
  // A truth test of a constant number is as constant as the number.
  if (auto *T = dynCast<TruthExpr>(Cond))
    Cond = T->Operand;
  auto *C = dynCast<ir::ConstantExpr>(Cond);
  if (!C)
    return std::nullopt;
  return foldedTruth(C->Ty, Fold{C->IntBits, C->FloatValue, C->ImagValue});
}

const Type *FunctionLowerer::typeOnly() {
  inferTypes();
  if (F.ReturnType) // declared
    return F.ReturnType;
  // A function whose returns of values all failed to type does not type
  // (a recursion with no return that does not recurse): not None.
  if (!Returns.Known && Returns.ReturnsValue)
    return nullptr;
  return Returns.Known ? Returns.Ty : S.Types.none();
}

bool FunctionLowerer::run() {
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
  if (!HadError && F.Kind == FunctionKind::Device &&
      F.ReturnType->kind() != TypeKind::None && canFallThrough(F.Body))
    error(Info.Def->NameRange, DiagKind::MissingReturn, {F.PyName, F.ReturnType->str()});
  return !HadError;
}

void FunctionLowerer::coalesceWebs() {
  // The versions of a name that got one type are one variable again (a
  // name holds one value at a time, so they never need two slots): only
  // versions whose types differ stay apart, and the IR reads as before.
  std::map<std::pair<std::string, const Type *>, Variable *> ByType;
  for (Variable *P : F.Params)
    ByType.emplace(std::make_pair(P->Name, P->Ty), P);
  std::set<Variable *> Dropped;
  for (auto &[Key, V] : WebVars) {
    if (!V->Ty)
      continue; // its typing failed: reported when lowered
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
