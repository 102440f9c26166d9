//===- LowerStmt.cpp - Variables, type inference and statements -----------===//
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

bool isConstantTrue(const Expr *E) {
  auto *C = dynCast<ir::ConstantExpr>(E);
  return C && C->IntBits != 0;
}

bool containsBreak(const StmtList &Body);

/// Whether a `break` in \p S leaves the loop that holds S (breaks inside
/// nested loops leave those).
bool breaksOut(const Stmt *S) {
  if (S->Kind == NodeKind::BreakStmt)
    return true;
  if (auto *I = dynCast<IfStmt>(S))
    return containsBreak(I->Then) || containsBreak(I->Else);
  return false;
}

bool containsBreak(const StmtList &Body) {
  for (const Stmt *S : Body)
    if (breaksOut(S))
      return true;
  return false;
}

/// Whether control can run past the end of \p Body: no return on every
/// path, and no endless loop that only a return leaves.
bool canFallThrough(const StmtList &Body) {
  for (const Stmt *S : Body) {
    switch (S->Kind) {
    case NodeKind::ReturnStmt:
      return false;
    case NodeKind::BreakStmt:
    case NodeKind::ContinueStmt:
      return false; // the rest of this block is skipped; the loop decides
    case NodeKind::IfStmt: {
      auto *I = static_cast<const IfStmt *>(S);
      if (!canFallThrough(I->Then) && !I->Else.empty() && !canFallThrough(I->Else))
        return false;
      break;
    }
    case NodeKind::WhileStmt: {
      auto *W = static_cast<const WhileStmt *>(S);
      if (isConstantTrue(W->Cond) && !containsBreak(W->Body))
        return false;
      break;
    }
    default:
      break;
    }
  }
  return true;
}

} // namespace

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

//===--- Statements -------------------------------------------------------===//

void FunctionLowerer::lowerBlock(const fe::StmtList &Body, StmtList &Out) {
  for (const fe::Stmt *St : Body)
    lowerStmt(*St, Out);
}

Expr *FunctionLowerer::lowerCondition(const fe::Expr &E) {
  Expr *V = lowerOptional(E); // truth() refuses an optional, as Numba does
  return V ? truth(V, E.Range) : nullptr;
}

void FunctionLowerer::lowerStmt(const fe::Stmt &St, StmtList &Out) {
  StmtList *SavedPending = Pending;
  Pending = &Out;
  switch (St.Kind) {
  case fe::NodeKind::ExprStmtStmt: {
    auto &E = cast<ExprStmtStmt>(St);
    if (isa<fe::ConstantExpr>(E.Value))
      break; // Docstrings and bare literals do nothing.
    if (Expr *V = lowerValue(*E.Value)) {
      auto *Eval = make<ir::EvalStmt>(St.Range);
      Eval->Value = V;
      Out.push_back(Eval);
    }
    break;
  }
  case fe::NodeKind::AssignStmt: {
    auto &A = cast<fe::AssignStmt>(St);
    Expr *V = lowerOptional(*A.Value);
    if (!V)
      break;
    if (A.Targets.size() > 1)
      V = materialize(V);
    for (const fe::Expr *T : A.Targets)
      lowerAssign(T, V, A.Value->Range, Out);
    break;
  }
  case fe::NodeKind::AnnAssignStmt: {
    auto &A = cast<AnnAssignStmt>(St);
    if (A.Value)
      if (Expr *V = lowerOptional(*A.Value))
        lowerAssign(A.Target, V, A.Value->Range, Out);
    break;
  }
  case fe::NodeKind::AugAssignStmt:
    lowerAugAssign(cast<AugAssignStmt>(St), Out);
    break;
  case fe::NodeKind::IfStmt: {
    auto &I = cast<fe::IfStmt>(St);
    Expr *Cond = lowerCondition(*I.Test);
    if (std::optional<bool> Taken = constantTruth(Cond)) {
      lowerBlock(*Taken ? I.Body : I.OrElse, Out);
      break;
    }
    auto *If = make<ir::IfStmt>(St.Range);
    If->Cond = Cond;
    // What each branch shows of None; after both, what both still hold
    // (a branch that leaves shows nothing after the if).
    Narrowing N = narrowingOf(*I.Test);
    std::set<std::string> Before = NotNone;
    NotNone.insert(N.WhenTrue.begin(), N.WhenTrue.end());
    lowerBlock(I.Body, If->Then);
    std::set<std::string> AfterThen = std::move(NotNone);
    NotNone = Before;
    NotNone.insert(N.WhenFalse.begin(), N.WhenFalse.end());
    lowerBlock(I.OrElse, If->Else);
    bool ThenFalls = canFallThrough(If->Then), ElseFalls = canFallThrough(If->Else);
    if (ThenFalls && ElseFalls)
      std::erase_if(NotNone, [&](const std::string &Name) { return !AfterThen.count(Name); });
    else if (ThenFalls)
      NotNone = std::move(AfterThen);
    else if (!ElseFalls)
      NotNone = std::move(Before);
    if (Cond)
      Out.push_back(If);
    break;
  }
  case fe::NodeKind::ForStmt:
    forgetAssignedIn(cast<ForStmt>(St).Body);
    lowerFor(cast<ForStmt>(St), Out);
    break;
  case fe::NodeKind::WhileStmt: {
    auto &W = cast<fe::WhileStmt>(St);
    forgetAssignedIn(W.Body);
    withNotNone(narrowingOf(*W.Test).WhenTrue, [&] {
      lowerWhile(W, Out);
      return true;
    });
    break;
  }
  case fe::NodeKind::ReturnStmt:
    lowerReturn(cast<fe::ReturnStmt>(St), Out);
    break;
  case fe::NodeKind::PassStmt:
    break;
  case fe::NodeKind::BreakStmt:
  case fe::NodeKind::ContinueStmt: {
    bool IsBreak = St.Kind == fe::NodeKind::BreakStmt;
    if (LoopDepth == 0) {
      error(St.Range, DiagKind::LoopControlOutsideLoop, {IsBreak ? "break" : "continue"});
      break;
    }
    if (IsBreak)
      Out.push_back(make<ir::BreakStmt>(St.Range));
    else
      Out.push_back(make<ir::ContinueStmt>(St.Range));
    break;
  }
  case fe::NodeKind::FunctionDefStmt:
    error(cast<FunctionDefStmt>(St).NameRange, DiagKind::UnsupportedSyntax,
          {"a nested function"});
    break;
  case fe::NodeKind::ClassDefStmt:
    error(cast<ClassDefStmt>(St).NameRange, DiagKind::UnsupportedSyntax, {"a class"});
    break;
  case fe::NodeKind::RaiseStmt: {
    // Numba-CUDA without debug=True: the raising thread returns from the
    // kernel and the exception is dropped. From a device function it would
    // unwind through every caller, which pykc does not do yet.
    SourceRange Keyword{St.Range.Begin, File->locationOf(St.Range.Begin.Offset + 5)};
    if (F.Kind != FunctionKind::Kernel) {
      error(Keyword, DiagKind::UnsupportedSyntax, {"'raise' in a device function"});
      break;
    }
    if (!Quiet)
      S.Diags.report(File, Keyword, DiagKind::RaiseEndsThread, {});
    Out.push_back(make<ir::ReturnStmt>(St.Range));
    break;
  }
  default: {
    std::string What = "'" + std::string(nodeKindName(St.Kind)) + "'";
    switch (St.Kind) {
    case fe::NodeKind::WithStmt: What = "a 'with' statement"; break;
    case fe::NodeKind::TryStmt: What = "a 'try' statement"; break;
    case fe::NodeKind::RaiseStmt: What = "'raise'"; break;
    case fe::NodeKind::AssertStmt: What = "'assert'"; break;
    case fe::NodeKind::DeleteStmt: What = "'del'"; break;
    case fe::NodeKind::ImportStmt:
    case fe::NodeKind::ImportFromStmt: What = "an import"; break;
    case fe::NodeKind::GlobalStmt: What = "a 'global' or 'nonlocal' declaration"; break;
    case fe::NodeKind::MagicStmt: What = "an IPython magic"; break;
    default: break;
    }
    // Point at the keyword, not the whole (possibly long) statement.
    SourceRange R = St.Range;
    if (R.End.Line != R.Begin.Line)
      R.End = File->locationOf(R.Begin.Offset + 1);
    error(R, DiagKind::UnsupportedSyntax, {What});
    break;
  }
  }
  Pending = SavedPending;
}

void FunctionLowerer::lowerAssign(const fe::Expr *Target, Expr *Val, SourceRange ValueRange,
                                  StmtList &Out) {
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    Variable *V = storeVariable(*N);
    if (!V || !V->Ty)
      return; // Its typing failed: the error is reported where it did.
    Expr *Converted = convert(Val, V->Ty);
    if (!Converted) {
      error(ValueRange, DiagKind::IncompatibleAssignment, {V->Name, V->Ty->str(), Val->Ty->str()});
      if (!Quiet)
        Poisoned.insert(V);
      if (auto It = FirstAssignment.find(V); It != FirstAssignment.end() && !Quiet)
        S.Diags.report(File, It->second.second, DiagKind::NoteAssignedHere,
                       {V->Name, It->second.first->str()});
      return;
    }
    auto *A = make<ir::AssignStmt>(N->Range);
    A->Var = V;
    A->Value = Converted;
    Out.push_back(A);
    noteAssigned(N->Id, Val->Ty);
    return;
  }
  if (auto *Sub = dyn_cast<SubscriptExpr>(Target)) {
    Value Base = lower(*Sub->Value);
    if (!Base.isValid())
      return;
    if (auto *R = Base.K == Value::Kind::Expr ? dynCast<RecordType>(Base.E->Ty) : nullptr) {
      // rec['x'] = v
      if (std::optional<unsigned> Field = recordField(R, *Sub->Index, Target->Range))
        lowerRecordStore(Base.E, *Field, Val, Target->Range, ValueRange, Out);
      return;
    }
    const ArrayType *AT = storeTarget(*Sub, Base);
    if (!AT)
      return;
    auto *St = make<ir::StoreStmt>(Target->Range);
    St->Array = Base.E;
    if (!lowerArrayIndices(AT, *Sub->Index, Sub->Range, St->Indices, /*AllowView=*/false))
      return;
    // An element of an array of records takes a copy of a record's bytes.
    St->Value = AT->record() ? convertRecord(Val, AT->record()) : convert(Val, AT->dtype());
    if (!St->Value) {
      error(ValueRange, DiagKind::InvalidArgument,
            {"an array element", "cannot store '" + Val->Ty->str() + "' into an element of " + AT->str()});
      return;
    }
    Out.push_back(St);
    return;
  }
  const fe::ExprList *Elts = nullptr;
  if (auto *T = dyn_cast<TupleExpr>(Target))
    Elts = &T->Elts;
  else if (auto *L = dyn_cast<ListExpr>(Target))
    Elts = &L->Elts;
  if (Elts) {
    auto *TT = dynCast<TupleType>(Val->Ty);
    if (!TT || TT->size() != Elts->size()) {
      error(ValueRange, DiagKind::InvalidArgument,
            {"unpacking", "cannot unpack '" + Val->Ty->str() + "' into " +
                              std::to_string(Elts->size()) + " targets"});
      return;
    }
    Expr *Tuple = materialize(Val);
    for (size_t I = 0; I < Elts->size(); ++I) {
      auto *Get = make<TupleGetExpr>((*Elts)[I]->Range, TT->elements()[I]);
      Get->Tuple = Tuple;
      Get->Index = unsigned(I);
      lowerAssign((*Elts)[I], Get, ValueRange, Out);
    }
    return;
  }
  if (auto *A = dyn_cast<AttributeExpr>(Target)) {
    // rec.x = v
    Value Base = lower(*A->Value);
    if (!Base.isValid())
      return;
    if (auto *R = Base.K == Value::Kind::Expr ? dynCast<RecordType>(Base.E->Ty) : nullptr) {
      if (std::optional<unsigned> Field = recordField(R, *A, A->AttrRange))
        lowerRecordStore(Base.E, *Field, Val, Target->Range, ValueRange, Out);
      return;
    }
    error(Target->Range, DiagKind::ReadOnlyTarget, {"an attribute"});
    return;
  }
  error(Target->Range, DiagKind::UnsupportedSyntax, {"this assignment target"});
}

const ArrayType *FunctionLowerer::storeTarget(const SubscriptExpr &Sub, const Value &Base) {
  if (Base.K == Value::Kind::Expr) {
    if (auto *AT = dynCast<ArrayType>(Base.E->Ty)) {
      if (AT->addressSpace() == AddressSpace::Constant) {
        error(Sub.Range, DiagKind::ReadOnlyTarget,
              {"an element of a module-level NumPy array (Numba freezes it into the kernel as a "
               "constant)"});
        return nullptr;
      }
      return AT;
    }
    if (dynCast<TupleType>(Base.E->Ty)) {
      error(Sub.Range, DiagKind::ReadOnlyTarget, {"an element of a tuple"});
      return nullptr;
    }
  }
  error(Sub.Value->Range, DiagKind::NotIndexable, {describe(Base)});
  return nullptr;
}

void FunctionLowerer::lowerAugAssign(const AugAssignStmt &A, StmtList &Out) {
  if (auto *N = dyn_cast<NameExpr>(A.Target)) {
    Expr *L = lowerValue(*N);
    Expr *R = L ? lowerValue(*A.Value) : nullptr;
    if (Expr *B = R ? lowerBinary(A.Op, L, R, A.OpRange, A.Range) : nullptr)
      lowerAssign(N, B, A.Range, Out);
    return;
  }
  // rec.x += v, rec['x'] += v: the record is evaluated once.
  auto RecordUpdate = [&](const Value &Base, const fe::Expr &Key, SourceRange KeyRange) {
    auto *R = dynCast<RecordType>(Base.E->Ty);
    std::optional<unsigned> Field = recordField(R, Key, KeyRange);
    if (!Field)
      return;
    Expr *Record = materialize(Base.E);
    Expr *Old = readField(Record, *Field, A.Target->Range);
    Expr *V = lowerValue(*A.Value);
    if (Expr *B = V ? lowerBinary(A.Op, Old, V, A.OpRange, A.Range) : nullptr)
      lowerRecordStore(Record, *Field, B, A.Target->Range, A.Value->Range, Out);
  };
  auto IsRecord = [](const Value &V) {
    return V.K == Value::Kind::Expr && dynCast<RecordType>(V.E->Ty);
  };
  if (auto *Sub = dyn_cast<SubscriptExpr>(A.Target)) {
    // a[i] += v: the array and the indices are evaluated once.
    Value Base = lower(*Sub->Value);
    if (!Base.isValid())
      return;
    if (IsRecord(Base))
      return RecordUpdate(Base, *Sub->Index, A.Target->Range);
    const ArrayType *AT = storeTarget(*Sub, Base);
    if (!AT)
      return;
    ExprList Indices;
    if (!lowerArrayIndices(AT, *Sub->Index, Sub->Range, Indices, /*AllowView=*/false))
      return;
    Expr *Array = materialize(Base.E);
    for (Expr *&I : Indices)
      I = materialize(I);
    auto *Load = make<ArrayLoadExpr>(Sub->Range, AT->element()); // a record: no operator takes it
    Load->Array = Array;
    Load->Indices = Indices;
    Expr *R = lowerValue(*A.Value);
    Expr *B = R ? lowerBinary(A.Op, Load, R, A.OpRange, A.Range) : nullptr;
    if (!B)
      return;
    auto *St = make<ir::StoreStmt>(A.Target->Range);
    St->Array = Array;
    St->Indices = Indices;
    St->Value = convert(B, AT->dtype());
    if (!St->Value) {
      error(A.Value->Range, DiagKind::InvalidArgument,
            {"an array element", "cannot store '" + B->Ty->str() + "' into an element of " + AT->str()});
      return;
    }
    Out.push_back(St);
    return;
  }
  if (auto *Attr = dyn_cast<AttributeExpr>(A.Target)) {
    Value Base = lower(*Attr->Value);
    if (!Base.isValid())
      return;
    if (IsRecord(Base))
      return RecordUpdate(Base, *Attr, Attr->AttrRange);
    error(A.Target->Range, DiagKind::ReadOnlyTarget, {"an attribute"});
    return;
  }
  error(A.Target->Range, DiagKind::UnsupportedSyntax, {"this augmented assignment target"});
}

bool FunctionLowerer::planIteration(const ForStmt &Fo, IterationPlan &Plan) {
  return planIterable(Fo.Iter, Fo.Target, Plan);
}

bool FunctionLowerer::planIterable(const fe::Expr *Iter, const fe::Expr *Target,
                                   IterationPlan &Plan) {
  auto CallOf = [&](const fe::Expr *E, const char *Path) -> const fe::CallExpr * {
    auto *C = dyn_cast<fe::CallExpr>(E);
    return C && Scope.resolvePath(*C->Func) == Path ? C : nullptr;
  };
  auto TupleTargets = [&](const fe::Expr *T, size_t N) -> const fe::ExprList * {
    auto *Tu = dyn_cast<TupleExpr>(T);
    if (Tu && Tu->Elts.size() == N)
      return &Tu->Elts;
    error(T->Range, DiagKind::UnsupportedSyntax,
          {"this loop target (" + std::to_string(N) + " names are needed)"});
    return nullptr;
  };
  // One name (or a hidden part) for what zip() or enumerate() gives whole:
  // a tuple of their parts, each planned as a hidden part.
  auto WholeTuple = [&](const std::vector<const fe::Expr *> &Parts) {
    std::vector<size_t> Indices;
    for (const fe::Expr *P : Parts) {
      if (!planIterable(P, nullptr, Plan))
        return false;
      Indices.push_back(Plan.Targets.size() - 1);
    }
    Plan.Targets.push_back({dyn_cast<NameExpr>(Target),
                            IterationPlan::TupleTarget - int(Plan.Tuples.size())});
    Plan.Tuples.push_back(std::move(Indices));
    return true;
  };
  bool Whole = !Target || isa<NameExpr>(Target);
  auto NoKeywords = [&](const fe::CallExpr *C, const char *Name) {
    if (!C->Keywords.empty())
      error(C->Keywords.front().NameRange, DiagKind::UnknownKeyword, {Name, C->Keywords.front().Name});
    return C->Keywords.empty();
  };
  // enumerate(X[, start]): the count, then what X gives.
  if (auto *E = CallOf(Iter, "builtins.enumerate")) {
    if (!NoKeywords(E, "enumerate"))
      return false;
    if (E->Args.empty() || E->Args.size() > 2) {
      error(E->Range, DiagKind::ArgumentCount,
            {"enumerate", "1 or 2 positional arguments", std::to_string(E->Args.size())});
      return false;
    }
    const fe::ExprList *Pair = Whole ? nullptr : TupleTargets(Target, 2);
    if (!Whole && !Pair)
      return false;
    auto *Count = Pair ? dyn_cast<NameExpr>((*Pair)[0]) : nullptr;
    if (Pair && !Count) {
      error((*Pair)[0]->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
      return false;
    }
    int CountId = int(Plan.CountStarts.size());
    Plan.CountStarts.push_back(nullptr);
    Plan.Targets.push_back({Count, -1 - CountId});
    if (Whole) {
      // (count, element): the count is the hidden part just added.
      size_t CountTarget = Plan.Targets.size() - 1;
      if (!planIterable(E->Args[0], nullptr, Plan))
        return false;
      Plan.Targets.push_back({dyn_cast<NameExpr>(Target),
                              IterationPlan::TupleTarget - int(Plan.Tuples.size())});
      Plan.Tuples.push_back({CountTarget, Plan.Targets.size() - 2});
    } else if (!planIterable(E->Args[0], (*Pair)[1], Plan)) {
      return false;
    }
    if (E->Args.size() < 2)
      return true;
    // The start is evaluated after the iterable, as in Python.
    const fe::Expr *StartAst = E->Args[1];
    Expr *Start = lowerValue(*StartAst);
    auto *StartTy = Start ? dynCast<ScalarType>(Start->Ty) : nullptr;
    if (!StartTy || !StartTy->isInteger()) {
      if (Start)
        error(StartAst->Range, DiagKind::InvalidArgument,
              {"enumerate", "the start must be an integer, not '" + Start->Ty->str() + "'"});
      return false;
    }
    Plan.CountStarts[size_t(CountId)] = materialize(convert(Start, S.Types.intp()));
    return true;
  }
  // zip(X, Y, ...): one target per iterable.
  if (auto *Z = CallOf(Iter, "builtins.zip")) {
    if (!NoKeywords(Z, "zip"))
      return false;
    if (Z->Args.empty()) {
      error(Z->Range, DiagKind::ArgumentCount, {"zip", "1 or more arrays", "0"});
      return false;
    }
    if (Whole)
      return WholeTuple(std::vector<const fe::Expr *>(Z->Args.begin(), Z->Args.end()));
    const fe::ExprList *Names = TupleTargets(Target, Z->Args.size());
    if (!Names)
      return false;
    for (size_t I = 0; I < Names->size(); ++I)
      if (!planIterable(Z->Args[I], (*Names)[I], Plan))
        return false;
    return true;
  }
  auto *N = dyn_cast<NameExpr>(Target);
  if (Target && !N) {
    error(Target->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
    return false;
  }
  // range(...) inside zip() or enumerate(): its values are counted out
  // like an array's elements.
  if (auto *R = dyn_cast<fe::CallExpr>(Iter); R && isRangeCall(*R) && R->Keywords.empty() &&
                                              !R->Args.empty() && R->Args.size() <= 3) {
    std::vector<Expr *> Parts;
    std::vector<const Type *> PartTypes;
    for (const fe::Expr *Arg : R->Args) {
      Expr *V = lowerValue(*Arg);
      if (!V)
        return false;
      Parts.push_back(V);
      PartTypes.push_back(V->Ty);
    }
    auto Sig = S.Ops.range(PartTypes);
    if (!Sig) {
      error(R->Range, DiagKind::InvalidArgument, {"range", "its arguments must be integers"});
      return false;
    }
    const Type *Ty = Sig->Result;
    auto Part = [&](size_t I, int64_t Default) {
      return I < Parts.size() ? materialize(convert(Parts[I], Ty)) : constantInt(Default, Ty, R->Range);
    };
    bool OneArg = Parts.size() == 1;
    IterationPlan::RangeSource Src;
    Src.Ty = Ty;
    Src.Start = OneArg ? constantInt(0, Ty, R->Range) : Part(0, 0);
    Expr *Stop = OneArg ? Part(0, 0) : Part(1, 0);
    Src.Step = Part(2, 1);
    // Python's len(range): max(0, ceil((stop - start) / step)), written
    // -((start - stop) // step) so one floor division serves both signs.
    Expr *Diff = lowerBinary(fe::BinaryOp::Sub, Src.Start, Stop, R->Range, R->Range);
    Expr *Floor = Diff ? lowerBinary(fe::BinaryOp::FloorDiv, Diff, Src.Step, R->Range, R->Range) : nullptr;
    Expr *Count = Floor ? lowerBinary(fe::BinaryOp::Sub, constantInt(0, Ty, R->Range), Floor,
                                      R->Range, R->Range)
                        : nullptr;
    if (!Count)
      return false;
    Count = materialize(convert(Count, S.Types.intp()));
    auto *Negative = make<ir::CompareExpr>(R->Range, S.Types.boolean());
    Negative->Op = CompareOp::Lt;
    Negative->LHS = Count;
    Negative->RHS = constantInt(0, S.Types.intp(), R->Range);
    auto *Len = make<SelectExpr>(R->Range, S.Types.intp());
    Len->Cond = Negative;
    Len->Then = constantInt(0, S.Types.intp(), R->Range);
    Len->Else = Count;
    Src.Length = materialize(Len);
    Plan.Targets.push_back({N, IterationPlan::RangeTarget - int(Plan.Ranges.size())});
    Plan.Ranges.push_back(Src);
    return true;
  }
  Expr *A = lowerValue(*Iter);
  if (!A)
    return false;
  auto *TT = dynCast<TupleType>(A->Ty);
  if (!dynCast<ArrayType>(A->Ty) && !(TT && (TT->isUniform() || TT->size() == 0))) {
    error(Iter->Range, DiagKind::UnsupportedSyntax,
          {"a for loop over '" + A->Ty->str() +
           "' (range(), arrays, tuples of one type, enumerate() and zip() of them are "
           "supported)"});
    return false;
  }
  Plan.Targets.push_back({N, int(Plan.Sources.size())});
  Plan.Sources.push_back(materialize(A));
  return true;
}

Expr *FunctionLowerer::iterationValue(const IterationPlan &Plan, size_t I, Expr *Index,
                                      SourceRange Range) {
  int Source = Plan.Targets[I].second;
  if (Source <= IterationPlan::TupleTarget) {
    auto *Make = make<TupleMakeExpr>(Range);
    std::vector<const Type *> Types;
    for (size_t Part : Plan.Tuples[size_t(IterationPlan::TupleTarget - Source)]) {
      Expr *V = iterationValue(Plan, Part, Index, Range);
      if (!V)
        return nullptr;
      Make->Elements.push_back(V);
      Types.push_back(V->Ty);
    }
    Make->Ty = S.Types.tuple(std::move(Types));
    return Make;
  }
  if (Source <= IterationPlan::RangeTarget) {
    const IterationPlan::RangeSource &R = Plan.Ranges[size_t(IterationPlan::RangeTarget - Source)];
    auto *Scaled = make<ir::BinaryExpr>(Range, R.Ty);
    Scaled->Op = ArithOp::Mul;
    Scaled->LHS = convert(Index, R.Ty);
    Scaled->RHS = R.Step;
    auto *Value = make<ir::BinaryExpr>(Range, R.Ty);
    Value->Op = ArithOp::Add;
    Value->LHS = R.Start;
    Value->RHS = Scaled;
    return Value;
  }
  if (Source < 0) {
    Expr *Start = Plan.CountStarts[size_t(-1 - Source)];
    if (!Start)
      return Index;
    auto *Sum = make<ir::BinaryExpr>(Range, S.Types.intp());
    Sum->Op = ArithOp::Add;
    Sum->LHS = Start;
    Sum->RHS = Index;
    return Sum;
  }
  Expr *A = Plan.Sources[size_t(Source)];
  if (auto *TT = dynCast<TupleType>(A->Ty)) {
    if (TT->size() == 0)
      return nullptr; // the loop never runs; its target keeps no type
    auto *Get = make<TupleGetDynamicExpr>(Range, TT->elements().front());
    Get->Tuple = A;
    Get->Index = Index;
    return Get;
  }
  return arrayAccess(A, dynCast<ArrayType>(A->Ty), {Index}, Range);
}

void FunctionLowerer::lowerForOver(const ForStmt &Fo, StmtList &Out) {
  IterationPlan Plan;
  if (!planIteration(Fo, Plan))
    return;
  // The shortest source's length (a tuple's is a constant).
  Expr *N = nullptr;
  std::vector<Expr *> Lengths;
  for (const IterationPlan::RangeSource &R : Plan.Ranges)
    Lengths.push_back(R.Length);
  for (Expr *A : Plan.Sources)
    Lengths.push_back(A);
  for (size_t K = 0; K < Lengths.size(); ++K) {
    Expr *A = Lengths[K];
    Expr *L;
    if (K < Plan.Ranges.size()) {
      L = A;
    } else if (auto *TT = dynCast<TupleType>(A->Ty)) {
      L = constantInt(int64_t(TT->size()), S.Types.intp(), Fo.Iter->Range);
    } else {
      auto *Len = make<ArrayDimExpr>(Fo.Iter->Range, S.Types.intp());
      Len->Array = A;
      L = materialize(Len);
    }
    if (!N) {
      N = L;
      continue;
    }
    auto *Less = make<ir::CompareExpr>(Fo.Iter->Range, S.Types.boolean());
    Less->Op = CompareOp::Lt;
    Less->LHS = L;
    Less->RHS = N;
    auto *Min = make<SelectExpr>(Fo.Iter->Range, S.Types.intp());
    Min->Cond = Less;
    Min->Then = L;
    Min->Else = N;
    N = materialize(Min);
  }
  Variable *Index = newTemp(S.Types.intp());
  auto *Loop = make<ForRangeStmt>(Fo.Range);
  Loop->Var = Index;
  Loop->Start = constantInt(0, S.Types.intp(), Fo.Iter->Range);
  Loop->Stop = N;
  Loop->Step = constantInt(1, S.Types.intp(), Fo.Iter->Range);
  StmtList *Outer = Pending;
  Pending = &Loop->Body;
  for (size_t I = 0; I < Plan.Targets.size(); ++I) {
    if (!Plan.Targets[I].first)
      continue; // a hidden part of a tuple target
    auto *Ref = make<VarRefExpr>(Fo.Target->Range, Index->Ty);
    Ref->Var = Index;
    if (Expr *V = iterationValue(Plan, I, Ref, Fo.Target->Range))
      lowerAssign(Plan.Targets[I].first, V, Fo.Iter->Range, Loop->Body);
  }
  Pending = Outer;
  ++LoopDepth;
  lowerBlock(Fo.Body, Loop->Body);
  --LoopDepth;
  Out.push_back(Loop);
}

bool FunctionLowerer::isRangeCall(const fe::CallExpr &Call) const {
  auto Path = Scope.resolvePath(*Call.Func);
  return Path == "builtins.range" || Path == "numba.prange";
}

void FunctionLowerer::lowerFor(const ForStmt &Fo, StmtList &Out) {
  auto *Call = dyn_cast<fe::CallExpr>(Fo.Iter);
  if (!Fo.OrElse.empty()) {
    error(Fo.OrElse.front()->Range, DiagKind::UnsupportedSyntax, {"'else' on a 'for' loop"});
    return;
  }
  if (!Call || !isRangeCall(*Call)) {
    lowerForOver(Fo, Out);
    return;
  }
  const char *Name = Scope.resolvePath(*Call->Func) == "numba.prange" ? "prange" : "range";
  auto *Target = dyn_cast<NameExpr>(Fo.Target);
  if (!Target) {
    error(Fo.Target->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
    return;
  }
  if (Call->Args.empty() || Call->Args.size() > 3 || !Call->Keywords.empty()) {
    error(Call->Range, DiagKind::ArgumentCount,
          {Name, "1 to 3 positional arguments", std::to_string(Call->Args.size())});
    return;
  }
  ExprList Args;
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : Call->Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return;
    Args.push_back(V);
    ArgTypes.push_back(V->Ty);
  }
  auto Sig = S.Ops.range(ArgTypes);
  if (!Sig) {
    std::string Types;
    for (const Type *T : ArgTypes)
      Types += (Types.empty() ? "" : ", ") + T->str();
    error(Call->Range, DiagKind::InvalidArgument, {Name, "arguments must be integers, not (" + Types + ")"});
    return;
  }
  const Type *IndexTy = Sig->Result;
  Variable *Var = storeVariable(*Target);
  if (!Var || !Var->Ty)
    return;
  auto *Loop = make<ForRangeStmt>(Fo.Range);
  Loop->Var = Var;
  Loop->Parallel = std::string_view(Name) == "prange";
  if (Args.size() == 1) {
    Loop->Start = constantInt(0, IndexTy, Call->Range);
    Loop->Stop = convert(Args[0], IndexTy);
  } else {
    Loop->Start = convert(Args[0], IndexTy);
    Loop->Stop = convert(Args[1], IndexTy);
  }
  Loop->Step = Args.size() == 3 ? convert(Args[2], IndexTy) : constantInt(1, IndexTy, Call->Range);
  if (auto *C = dynCast<ir::ConstantExpr>(Loop->Step); Loop->Parallel && (!C || C->IntBits != 1)) {
    error(Call->Args[2]->Range, DiagKind::InvalidArgument,
          {Name, "the step must be the constant 1, as in Numba"});
    return;
  }
  if (auto *C = dynCast<ir::ConstantExpr>(Loop->Step); C && C->IntBits == 0) {
    error(Call->Args[2]->Range, DiagKind::InvalidArgument, {Name, "the step must not be zero"});
    return;
  }
  if (Var->Ty != IndexTy && !convert(constantInt(0, IndexTy, Call->Range), Var->Ty))
    return;
  ++LoopDepth;
  lowerBlock(Fo.Body, Loop->Body);
  --LoopDepth;
  Out.push_back(Loop);
}

void FunctionLowerer::lowerWhile(const fe::WhileStmt &W, StmtList &Out) {
  if (!W.OrElse.empty()) {
    error(W.OrElse.front()->Range, DiagKind::UnsupportedSyntax, {"'else' on a 'while' loop"});
    return;
  }
  StmtList CondStmts;
  Pending = &CondStmts;
  Expr *Cond = lowerCondition(*W.Test);
  Pending = &Out;
  auto *Loop = make<ir::WhileStmt>(W.Range);
  ++LoopDepth;
  if (CondStmts.empty()) {
    Loop->Cond = Cond;
    lowerBlock(W.Body, Loop->Body);
  } else {
    // The condition needs temporaries: evaluate them on every iteration.
    //   while True: <temps>; if not cond: break; body
    Loop->Cond = constantInt(1, S.Types.boolean(), W.Test->Range);
    Loop->Body = CondStmts;
    auto *Exit = make<ir::IfStmt>(W.Test->Range);
    auto *Not = make<ir::UnaryExpr>(W.Test->Range, S.Types.boolean());
    Not->Op = UnaryArithOp::Not;
    Not->Operand = Cond;
    Exit->Cond = Not;
    Exit->Then.push_back(make<ir::BreakStmt>(W.Test->Range));
    Loop->Body.push_back(Exit);
    lowerBlock(W.Body, Loop->Body);
  }
  --LoopDepth;
  if (Cond)
    Out.push_back(Loop);
}

void FunctionLowerer::lowerReturn(const fe::ReturnStmt &R, StmtList &Out) {
  auto *Ret = make<ir::ReturnStmt>(R.Range);
  bool ReturnsNone = !R.Value || (isa<fe::ConstantExpr>(R.Value) &&
                                  cast<fe::ConstantExpr>(R.Value)->CK == ConstantKind::None);
  if (F.Kind == FunctionKind::Kernel) {
    if (!ReturnsNone) {
      Expr *V = lowerValue(*R.Value);
      error(R.Value->Range, DiagKind::KernelReturnType,
            {F.PyName, V ? "'" + V->Ty->str() + "'" : "a value"});
      if (!Quiet)
        S.Diags.report(File, R.Value->Range, DiagKind::NoteKernelOutput);
      return;
    }
    Out.push_back(Ret);
    return;
  }
  // The return type is declared by a signature or comes from other returns.
  auto Expected = [&] {
    std::string Ty = "'" + F.ReturnType->str() + "'";
    return Info.Signatures.empty() ? Ty + " elsewhere" : "its signature returns " + Ty;
  };
  if (!ReturnsNone) {
    Expr *V = lowerOptional(*R.Value);
    if (!V)
      return;
    Ret->Value = convert(V, F.ReturnType);
    if (!Ret->Value) {
      error(R.Value->Range, DiagKind::ReturnValueMismatch, {F.PyName, V->Ty->str(), Expected()});
      return;
    }
  } else if (dynCast<OptionalType>(F.ReturnType)) {
    Ret->Value = make<OptionalMakeExpr>(R.Range, F.ReturnType);
  } else if (F.ReturnType != S.Types.none()) {
    error(R.Value ? R.Value->Range : R.Range, DiagKind::ReturnValueMismatch,
          {F.PyName, "none", Expected()});
    return;
  }
  Out.push_back(Ret);
}

} // namespace pykc::ir
