//===- build/BuildStmt.cpp - Statements: assignments, if, return ----------===//
#include "ir/AssignmentWebs.h"
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"
#include "support/InternalError.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

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

} // namespace

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

//===--- Statements -------------------------------------------------------===//

void FunctionBuilder::lowerBlock(const fe::StmtList &Body, StmtList &Out) {
  for (const fe::Stmt *St : Body)
    lowerStmt(*St, Out);
}

Expr *FunctionBuilder::lowerCondition(const fe::Expr &E) {
  Expr *V = lowerOptional(E); // truth() refuses an optional, as Numba does
  return V ? truth(V, E.Range) : nullptr;
}

void FunctionBuilder::lowerStmt(const fe::Stmt &St, StmtList &Out) {
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
  case fe::NodeKind::IfStmt:
    lowerIf(cast<fe::IfStmt>(St), Out);
    break;
  case fe::NodeKind::ForStmt: {
    auto &Fo = cast<ForStmt>(St);
    lowerLoopElse(Fo.Body, Fo.OrElse, [&] { lowerFor(Fo, Out); }, Out);
    break;
  }
  case fe::NodeKind::WhileStmt: {
    auto &W = cast<fe::WhileStmt>(St);
    lowerLoopElse(W.Body, W.OrElse, [&] { lowerWhile(W, Out); }, Out);
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
      error(St.Range, DiagKind::LoopControlOutsideLoop);
      break;
    }
    if (IsBreak) {
      if (Variable *Flag = BreakFlags.empty() ? nullptr : BreakFlags.back())
        Out.push_back(assignFlag(Flag, true, St.Range));
      Out.push_back(make<ir::BreakStmt>(St.Range));
    } else
      Out.push_back(make<ir::ContinueStmt>(St.Range));
    break;
  }
  case fe::NodeKind::FunctionDefStmt:
    error(cast<FunctionDefStmt>(St).NameRange, DiagKind::UnsupportedSyntax);
    break;
  case fe::NodeKind::ClassDefStmt:
    error(cast<ClassDefStmt>(St).NameRange, DiagKind::UnsupportedSyntax);
    break;
  case fe::NodeKind::RaiseStmt:
    lowerRaise(St, Out);
    break;
  case fe::NodeKind::AssertStmt:
    lowerAssert(cast<AssertStmt>(St), Out);
    break;
  default:
    unsupportedStatement(St);
    break;
  }
  Pending = SavedPending;
}

void FunctionBuilder::lowerIf(const fe::IfStmt &I, StmtList &Out) {
  Expr *Cond = lowerCondition(*I.Test);
  if (std::optional<bool> Taken = constantTruth(Cond)) {
    lowerBlock(*Taken ? I.Body : I.OrElse, Out);
    return;
  }
  auto *If = make<ir::IfStmt>(I.Range);
  If->Cond = Cond;
  lowerBlock(I.Body, If->Then);
  lowerBlock(I.OrElse, If->Else);
  if (Cond)
    Out.push_back(If);
}

void FunctionBuilder::lowerRaise(const fe::Stmt &St, StmtList &Out) {
  // Numba-CUDA without debug=True: the raising thread returns from the
  // kernel and the exception is dropped. From a device function it would
  // unwind through every caller, which pykc does not do yet.
  SourceRange Keyword{St.Range.Begin, File->locationOf(St.Range.Begin.Offset + 5)};
  auto *Return = make<ir::ReturnStmt>(St.Range);
  // Host code raises to its caller what the checker worked out.
  if (const std::string *Raised = F.HostCode ? Checker.raisedText(St) : nullptr)
    Return->Raises = *Raised;
  else if (F.Kind != FunctionKind::Kernel)
    error(Keyword, DiagKind::UnsupportedSyntax);
  Out.push_back(Return);
}

void FunctionBuilder::lowerAssert(const AssertStmt &A, StmtList &Out) {
  // `if not test: raise AssertionError(msg)`, the raise ending the thread
  // (lowerRaise); the checker refused it outside kernels.
  const std::string *Raised = F.HostCode ? Checker.raisedText(A) : nullptr;
  if (F.Kind != FunctionKind::Kernel && !Raised)
    error(A.Range, DiagKind::UnsupportedSyntax);
  Expr *Cond = lowerCondition(*A.Test);
  if (!Cond)
    return;
  std::optional<bool> Holds = constantTruth(Cond);
  if (Holds == true)
    return;
  auto *End = make<ir::ReturnStmt>(A.Range);
  if (Raised) // host code raises AssertionError to its caller
    End->Raises = *Raised;
  if (Holds == false) {
    Out.push_back(End);
    return;
  }
  auto *If = make<ir::IfStmt>(A.Range);
  If->Cond = Cond;
  If->Else.push_back(End);
  Out.push_back(If);
}

void FunctionBuilder::unsupportedStatement(const fe::Stmt &St) {
  // The keyword, not the whole (possibly long) statement.
  SourceRange R = St.Range;
  if (R.End.Line != R.Begin.Line)
    R.End = File->locationOf(R.Begin.Offset + 1);
  error(R, DiagKind::UnsupportedSyntax);
}

void FunctionBuilder::lowerAssign(const fe::Expr *Target, Expr *Val, SourceRange ValueRange,
                                  StmtList &Out) {
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    Variable *V = storeVariable(*N);
    if (!V || !V->Ty)
      error(N->Range, DiagKind::UnassignedVariable);
    Expr *Converted = convert(Val, V->Ty);
    if (!Converted)
      error(ValueRange, DiagKind::IncompatibleAssignment);
    auto *A = make<ir::AssignStmt>(N->Range);
    A->Var = V;
    A->Value = Converted;
    Out.push_back(A);
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
    Expr *Slot = lowerIndexing(Base.E, AT, *Sub);
    if (!Slot)
      return;
    if (dynCast<ArrayType>(Slot->Ty)) {
      lowerBroadcastStore(Slot, Val, Target->Range, ValueRange, Out);
      return;
    }
    auto *Load = dynCast<ArrayLoadExpr>(Slot);
    if (!Load)
      PYKC_ICE("an array element that is not an ArrayLoadExpr");
    auto *St = make<ir::StoreStmt>(Target->Range);
    St->Array = Load->Array;
    St->Indices = Load->Indices;
    // An element of an array of records takes a copy of a record's bytes.
    St->Value = AT->record() ? convertRecord(Val, AT->record()) : convert(Val, AT->dtype());
    if (!St->Value)
      error(ValueRange, DiagKind::InvalidArgument);
    Out.push_back(St);
    return;
  }
  const fe::ExprList *Elts = unpackTargets(*Target);
  if (Elts) {
    auto *TT = dynCast<TupleType>(Val->Ty);
    if (!TT || TT->size() != Elts->size())
      error(ValueRange, DiagKind::InvalidArgument);
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
    error(Target->Range, DiagKind::ReadOnlyTarget);
  }
  error(Target->Range, DiagKind::UnsupportedSyntax);
}

void FunctionBuilder::lowerBroadcastStore(Expr *View, Expr *Val, SourceRange TargetRange,
                                          SourceRange ValueRange, StmtList &Out) {
  auto *VT = dynCast<ArrayType>(View->Ty);
  // The value first, as Python evaluates it, and once (Numba converts it to
  // the dtype before its loops).
  Expr *Value = VT->record() ? convertRecord(Val, VT->record()) : convert(Val, VT->dtype());
  if (!Value)
    error(ValueRange, DiagKind::InvalidArgument);
  Value = materialize(Value);
  Expr *Target = materialize(View);
  ExprList Extents, Indices;
  for (unsigned D = 0; D < VT->ndim(); ++D) {
    auto *Extent = make<ArrayDimExpr>(TargetRange, S.Types.intp());
    Extent->Array = Target;
    Extent->Dim = D;
    Extents.push_back(Extent);
  }
  StmtList *Body = elementLoops(Extents, TargetRange, Out, Indices);
  auto *St = make<ir::StoreStmt>(TargetRange);
  St->Array = Target;
  St->Indices = std::move(Indices);
  St->Value = Value;
  Body->push_back(St);
}

StmtList *FunctionBuilder::elementLoops(const ExprList &Extents, SourceRange Range,
                                        StmtList &Out, ExprList &Indices) {
  StmtList *Body = &Out;
  for (Expr *Extent : Extents) {
    Variable *I = newTemp(S.Types.intp());
    auto *Loop = make<ForRangeStmt>(Range);
    Loop->Var = I;
    Loop->Start = constantInt(0, S.Types.intp(), Range);
    Loop->Stop = Extent;
    Loop->Step = constantInt(1, S.Types.intp(), Range);
    Body->push_back(Loop);
    Body = &Loop->Body;
    auto *Ref = make<VarRefExpr>(Range, I->Ty);
    Ref->Var = I;
    Indices.push_back(Ref);
  }
  return Body;
}

const ArrayType *FunctionBuilder::storeTarget(const SubscriptExpr &Sub, const Value &Base) {
  // The checker accepted the store (FunctionChecker::storeTarget): a
  // writable array.
  auto *AT = Base.K == Value::Kind::Expr ? dynCast<ArrayType>(Base.E->Ty) : nullptr;
  if (!AT || AT->addressSpace() == AddressSpace::Constant)
    error(Sub.Range, DiagKind::ReadOnlyTarget);
  return AT;
}

void FunctionBuilder::lowerAugAssign(const AugAssignStmt &A, StmtList &Out) {
  if (auto *N = dyn_cast<NameExpr>(A.Target)) {
    Expr *L = lowerValue(*N);
    Expr *R = L ? lowerValue(*A.Value) : nullptr;
    if (Expr *B = R ? lowerBinary(A.Op, L, R, &A, A.Range) : nullptr)
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
    if (Expr *B = V ? lowerBinary(A.Op, Old, V, &A, A.Range) : nullptr)
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
    Expr *B = R ? lowerBinary(A.Op, Load, R, &A, A.Range) : nullptr;
    if (!B)
      return;
    auto *St = make<ir::StoreStmt>(A.Target->Range);
    St->Array = Array;
    St->Indices = Indices;
    St->Value = convert(B, AT->dtype());
    if (!St->Value)
      error(A.Value->Range, DiagKind::InvalidArgument);
    Out.push_back(St);
    return;
  }
  if (auto *Attr = dyn_cast<AttributeExpr>(A.Target)) {
    Value Base = lower(*Attr->Value);
    if (!Base.isValid())
      return;
    if (IsRecord(Base))
      return RecordUpdate(Base, *Attr, Attr->AttrRange);
    error(A.Target->Range, DiagKind::ReadOnlyTarget);
  }
  error(A.Target->Range, DiagKind::UnsupportedSyntax);
}

void FunctionBuilder::lowerReturn(const fe::ReturnStmt &R, StmtList &Out) {
  auto *Ret = make<ir::ReturnStmt>(R.Range);
  bool ReturnsNone = !R.Value || (isa<fe::ConstantExpr>(R.Value) &&
                                  cast<fe::ConstantExpr>(R.Value)->CK == ConstantKind::None);
  if (F.Kind == FunctionKind::Kernel) {
    if (!ReturnsNone)
      error(R.Value->Range, DiagKind::KernelReturnType);
    Out.push_back(Ret);
    return;
  }
  // The return type is declared by a signature or comes from other returns.
  if (!ReturnsNone) {
    Expr *V = lowerOptional(*R.Value);
    if (!V)
      return;
    Ret->Value = convert(V, F.ReturnType);
    if (!Ret->Value)
      error(R.Value->Range, DiagKind::ReturnValueMismatch);
  } else if (dynCast<OptionalType>(F.ReturnType)) {
    Ret->Value = make<OptionalMakeExpr>(R.Range, F.ReturnType);
  } else if (F.ReturnType != S.Types.none())
    error(R.Value ? R.Value->Range : R.Range, DiagKind::ReturnValueMismatch);
  Out.push_back(Ret);
}

} // namespace pykc::ir
