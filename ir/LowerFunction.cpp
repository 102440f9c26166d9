//===- LowerFunction.cpp - A function's variables, typing and body -----===//
#include "ir/AssignmentWebs.h"
#include "ir/Lowering.h"
#include "ir/NameCheck.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

FunctionLowerer::FunctionLowerer(SemaContext &S, FunctionInfo &Info, Function &F,
                                 const std::vector<InstanceArg> &Args)
    : S(S), Info(Info), Scope(Info.Scope ? *Info.Scope : S.Scope), F(F),
      File(Info.File ? Info.File : Scope.module().File),
      Arena(&S.Out) {
  const FunctionDefStmt &Def = *Info.Def;
  for (size_t I = 0; I < Def.Params.size(); ++I) {
    if (I < Args.size() && Args[I].isCompileTime()) {
      CompileTimeParams[Def.Params[I].Name] = Args[I].Const;
      continue;
    }
    auto V = std::make_unique<Variable>();
    V->Name = Def.Params[I].Name;
    V->Ty = I < Args.size() ? Args[I].Ty : nullptr;
    V->ArgType = V->Ty;
    // An IntEnum member is passed as its class (Numba's IntEnumMember) and
    // computed with as the int64 it is; `is` still tells the classes apart
    // (lowerIdentity).
    if (auto *E = dynCast<EnumType>(V->ArgType); E && E->isIntEnum())
      V->Ty = S.Types.int64();
    Locals[V->Name] = V.get();
    F.Params.push_back(V.get());
    F.Variables.push_back(std::move(V));
  }
  SingleAssignments = singleAssignments(Def.Body);
  // Python's rule: a name assigned anywhere in the function is local to it.
  // (A compile-time parameter is never assigned: the caller passes a value
  // of its type to a parameter the body assigns.)
  std::set<std::string> Names, Params;
  std::vector<std::string> Ordered; // parameters, then as first assigned
  for (const Variable *P : F.Params)
    Names.insert(P->Name), Params.insert(P->Name), Ordered.push_back(P->Name);
  for (const std::string &Name : assignedNames(Def.Body))
    if (Names.insert(Name).second)
      Ordered.push_back(Name);
  // Each name is one variable per web of assignments that meet, as Numba
  // types each assignment separately (AssignmentWebs.h).
  Webs = findAssignmentWebs(Def.Body, Names, Params);
  for (const std::string &Name : Ordered) {
    unsigned Count = Webs.Count[Name];
    unsigned EntryWeb = Params.count(Name) ? Webs.Entry[Name] : ~0u;
    for (unsigned W = 0; W < Count; ++W) {
      if (W == EntryWeb) {
        WebVars[{Name, W}] = Locals[Name];
        continue;
      }
      auto V = std::make_unique<Variable>();
      V->Name = Name;
      V->Version = W;
      WebVars[{Name, W}] = V.get();
      if (!Locals.count(Name))
        Locals[Name] = V.get();
      F.Variables.push_back(std::move(V));
    }
    if (EntryWeb != ~0u && EntryWeb != 0) // the parameter keeps the plain name
      std::swap(Locals[Name]->Version, WebVars[{Name, 0}]->Version);
  }
}

Variable *FunctionLowerer::local(const std::string &Name) const {
  auto It = Locals.find(Name);
  return It == Locals.end() ? nullptr : It->second;
}

Variable *FunctionLowerer::loadVariable(const NameExpr &N) const {
  auto It = Webs.Loads.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Loads.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : V->second;
}

Variable *FunctionLowerer::storeVariable(const NameExpr &N) const {
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
        ReturnsValue = true;
        if (!V)
          continue;
        Ty = V->Ty;
      }
      if (!ReturnTypeKnown) {
        ReturnType = Ty;
        ReturnTypeKnown = true;
        Changed = true;
      } else if (const Type *U = unifyTypes(S.Types, ReturnType, Ty); U && U != ReturnType) {
        ReturnType = U;
        Changed = true;
      }
    }
  }
  return Changed;
}

void FunctionLowerer::inferTypes() {
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
  if (ReturnTypeKnown && ReturnType && fallsThrough(Info.Def->Body))
    if (const Type *U = unifyTypes(S.Types, ReturnType, S.Types.none()))
      ReturnType = U;
  // Temporaries made while probing types are not part of the function.
  F.Variables.resize(VariablesBefore);
  coalesceWebs();
  TempCount = 0;
  AllocCount = 0;
  Pending = nullptr;
  Quiet = false;
  Arena = &S.Out;
}

namespace {

bool isConstantTrueTest(const fe::Expr &E) {
  auto *C = dyn_cast<fe::ConstantExpr>(&E);
  return C && ((C->CK == ConstantKind::Bool && C->BoolValue) ||
               (C->CK == ConstantKind::Int && C->IntValue != 0));
}

bool astBreaksOut(const fe::StmtList &Body) {
  for (const fe::Stmt *St : Body) {
    if (St->Kind == fe::NodeKind::BreakStmt)
      return true;
    if (auto *I = dyn_cast<fe::IfStmt>(St))
      if (astBreaksOut(I->Body) || astBreaksOut(I->OrElse))
        return true;
  }
  return false;
}

} // namespace

bool FunctionLowerer::fallsThrough(const fe::StmtList &Body) const {
  // canFallThrough's question before lowering, on the source: typing needs
  // the answer (None joins the returned types) before any IR exists.
  for (const fe::Stmt *St : Body) {
    switch (St->Kind) {
    case fe::NodeKind::ReturnStmt:
    case fe::NodeKind::RaiseStmt:
    case fe::NodeKind::BreakStmt:
    case fe::NodeKind::ContinueStmt:
      return false;
    case fe::NodeKind::IfStmt: {
      // A test known when compiling prunes the branch not taken, as Numba.
      auto *I = cast<fe::IfStmt>(St);
      std::optional<ConstantValue> Known = evaluate(*I->Test);
      using CK = ConstantValue::Kind;
      if (Known && (Known->K == CK::Int || Known->K == CK::Float || Known->K == CK::Bool ||
                    Known->K == CK::None)) {
        if (!fallsThrough(ir::constantTruth(*Known) ? I->Body : I->OrElse))
          return false;
        break;
      }
      if (!fallsThrough(I->Body) && !I->OrElse.empty() && !fallsThrough(I->OrElse))
        return false;
      break;
    }
    case fe::NodeKind::WhileStmt: {
      auto *W = cast<fe::WhileStmt>(St);
      if (isConstantTrueTest(*W->Test) && !astBreaksOut(W->Body))
        return false;
      break;
    }
    default:
      break;
    }
  }
  return true;
}

std::optional<bool> FunctionLowerer::constantTruth(const Expr *Cond) {
  // A truth test of a constant number is as constant as the number.
  if (auto *T = dynCast<TruthExpr>(Cond))
    Cond = T->Operand;
  auto *C = dynCast<ir::ConstantExpr>(Cond);
  auto *ST = C ? dynCast<ScalarType>(C->Ty) : nullptr;
  if (!ST)
    return std::nullopt;
  return ST->isFloat() ? C->FloatValue != 0 : C->IntBits != 0;
}

const Type *FunctionLowerer::typeOnly() {
  inferTypes();
  if (F.ReturnType) // declared
    return F.ReturnType;
  // A function whose returns of values all failed to type does not type
  // (a recursion with no return that does not recurse): not None.
  if (!ReturnTypeKnown && ReturnsValue)
    return nullptr;
  return ReturnTypeKnown ? ReturnType : S.Types.none();
}

bool FunctionLowerer::run() {
  inferTypes();
  if (F.Kind == FunctionKind::Kernel)
    F.ReturnType = S.Types.none();
  else if (!F.ReturnType)
    F.ReturnType = ReturnTypeKnown ? ReturnType : S.Types.none();
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
