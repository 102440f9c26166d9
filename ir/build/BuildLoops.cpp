//===- build/BuildLoops.cpp - for over ranges, arrays, tuples; while ------===//
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

bool FunctionBuilder::planIteration(const ForStmt &Fo, IterationPlan &Plan) {
  // What the checker found the loop to iterate, evaluated in its order.
  const IterationShape *Shape = Checker.iteration(Fo);
  if (!Shape)
    error(Fo.Iter->Range, DiagKind::UnsupportedSyntax);
  Plan.Shape = Shape;
  Plan.CountStarts.assign(Shape->Counts, nullptr);
  for (const IterationShape::Step &Step : Shape->Steps) {
    switch (Step.K) {
    case IterationShape::Step::Kind::Source: {
      Expr *A = lowerValue(*Step.Node);
      if (!A)
        return false;
      Plan.Sources.push_back(materialize(A));
      break;
    }
    case IterationShape::Step::Kind::Range:
      if (!planRange(*cast<fe::CallExpr>(Step.Node), Plan))
        return false;
      break;
    case IterationShape::Step::Kind::CountStart:
      if (!planEnumerateStart(*Step.Node, Step.Index, Plan))
        return false;
      break;
    }
  }
  return true;
}

bool FunctionBuilder::planRange(const fe::CallExpr &R, IterationPlan &Plan) {
  std::vector<Expr *> Parts;
  for (const fe::Expr *Arg : R.Args) {
    Expr *V = lowerValue(*Arg);
    if (!V)
      return false;
    Parts.push_back(V);
  }
  const Type *Ty = signatureOf(&R, R.Range).Result;
  auto Part = [&](size_t I, int64_t Default) {
    return I < Parts.size() ? materialize(convert(Parts[I], Ty)) : constantInt(Default, Ty, R.Range);
  };
  bool OneArg = Parts.size() == 1;
  IterationPlan::RangeSource Src;
  Src.Ty = Ty;
  Src.Start = OneArg ? constantInt(0, Ty, R.Range) : Part(0, 0);
  Expr *Stop = OneArg ? Part(0, 0) : Part(1, 0);
  Src.Step = Part(2, 1);
  endOnZeroStep(Src.Step, R.Range);
  // Python's len(range): max(0, ceil((stop - start) / step)), written
  // -((start - stop) // step) so one floor division serves both signs;
  // max(0, stop - start) for a step of 1.
  Expr *Count;
  if (auto *One = dynCast<ir::ConstantExpr>(Src.Step); One && One->IntBits == 1) {
    Count = lowerBinary(fe::BinaryOp::Sub, Stop, Src.Start, nullptr, R.Range);
  } else {
    Expr *Diff = lowerBinary(fe::BinaryOp::Sub, Src.Start, Stop, nullptr, R.Range);
    Expr *Floor =
        Diff ? lowerBinary(fe::BinaryOp::FloorDiv, Diff, Src.Step, nullptr, R.Range) : nullptr;
    Count = Floor ? lowerBinary(fe::BinaryOp::Sub, constantInt(0, Ty, R.Range), Floor, nullptr,
                                R.Range)
                  : nullptr;
  }
  if (!Count)
    return false;
  Count = materialize(convert(Count, S.Types.intp()));
  auto *Negative = make<ir::CompareExpr>(R.Range, S.Types.boolean());
  Negative->Op = CompareOp::Lt;
  Negative->LHS = Count;
  Negative->RHS = constantInt(0, S.Types.intp(), R.Range);
  auto *Len = make<SelectExpr>(R.Range, S.Types.intp());
  Len->Cond = Negative;
  Len->Then = constantInt(0, S.Types.intp(), R.Range);
  Len->Else = Count;
  Src.Length = materialize(Len);
  Plan.Ranges.push_back(Src);
  return true;
}

void FunctionBuilder::endOnZeroStep(Expr *Step, SourceRange At) {
  // Numba checks the step where a range is iterated or measured: its CPU
  // target raises ValueError to the caller; Numba-CUDA without debug=True
  // ends the kernel's thread. A device function on the GPU cannot end its
  // thread (lowerRaise), so there the range is empty, as its trip count
  // makes it. A constant zero was refused already.
  if (Step->Kind == NodeKind::Constant || (!F.HostCode && F.Kind != FunctionKind::Kernel))
    return;
  auto *Zero = make<ir::CompareExpr>(At, S.Types.boolean());
  Zero->Op = CompareOp::Eq;
  Zero->LHS = Step;
  Zero->RHS = constantInt(0, Step->Ty, At);
  auto *End = make<ir::ReturnStmt>(At);
  if (F.HostCode)
    End->Raises = "ValueError: range() arg 3 must not be zero";
  auto *If = make<ir::IfStmt>(At);
  If->Cond = Zero;
  If->Then.push_back(End);
  Pending->push_back(If);
}

bool FunctionBuilder::planEnumerateStart(const fe::Expr &StartAst, size_t CountId,
                                         IterationPlan &Plan) {
  Expr *Start = lowerValue(StartAst); // an integer, as the checker made sure
  if (!Start)
    return false;
  Plan.CountStarts[CountId] = materialize(convert(Start, S.Types.intp()));
  return true;
}

Expr *FunctionBuilder::iterationValue(const IterationPlan &Plan, size_t I, Expr *Index,
                                      SourceRange Range) {
  int Source = Plan.Shape->Targets[I].second;
  if (Source <= IterationShape::TupleTarget) {
    auto *Make = make<TupleMakeExpr>(Range);
    std::vector<const Type *> Types;
    for (size_t Part : Plan.Shape->Tuples[size_t(IterationShape::TupleTarget - Source)]) {
      Expr *V = iterationValue(Plan, Part, Index, Range);
      if (!V)
        return nullptr;
      Make->Elements.push_back(V);
      Types.push_back(V->Ty);
    }
    Make->Ty = S.Types.tuple(std::move(Types));
    return Make;
  }
  if (Source <= IterationShape::RangeTarget) {
    const IterationPlan::RangeSource &R = Plan.Ranges[size_t(IterationShape::RangeTarget - Source)];
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

void FunctionBuilder::lowerForOver(const ForStmt &Fo, StmtList &Out) {
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
  for (size_t I = 0; I < Plan.Shape->Targets.size(); ++I) {
    const fe::Expr *Target = Plan.Shape->Targets[I].first;
    if (!Target)
      continue; // a hidden part of a tuple target
    auto *Ref = make<VarRefExpr>(Fo.Target->Range, Index->Ty);
    Ref->Var = Index;
    if (Expr *V = iterationValue(Plan, I, Ref, Fo.Target->Range))
      lowerAssign(Target, V, Fo.Iter->Range, Loop->Body);
  }
  Pending = Outer;
  ++LoopDepth;
  lowerBlock(Fo.Body, Loop->Body);
  --LoopDepth;
  Out.push_back(Loop);
}

bool FunctionBuilder::isRangeCall(const fe::CallExpr &Call) const {
  auto Path = Scope.resolvePath(*Call.Func);
  return Path == "builtins.range" || Path == "numba.prange";
}

void FunctionBuilder::lowerFor(const ForStmt &Fo, StmtList &Out) {
  auto *Call = dyn_cast<fe::CallExpr>(Fo.Iter);
  if (!Call || !isRangeCall(*Call)) {
    lowerForOver(Fo, Out);
    return;
  }
  bool Parallel = Scope.resolvePath(*Call->Func) == "numba.prange";
  if (Parallel && !Fo.OrElse.empty())
    error(Fo.OrElse.front()->Range, DiagKind::UnsupportedSyntax);
  auto *Target = dyn_cast<NameExpr>(Fo.Target);
  if (!Target)
    error(Fo.Target->Range, DiagKind::UnsupportedSyntax);
  if (Call->Args.empty() || Call->Args.size() > 3 || !Call->Keywords.empty())
    error(Call->Range, DiagKind::ArgumentCount);
  ExprList Args;
  for (const fe::Expr *A : Call->Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return;
    Args.push_back(V);
  }
  const Type *IndexTy = signatureOf(Call, Call->Range).Result;
  Variable *Var = storeVariable(*Target);
  if (!Var || !Var->Ty)
    return;
  auto *Loop = make<ForRangeStmt>(Fo.Range);
  Loop->Var = Var;
  Loop->Parallel = Parallel;
  if (Args.size() == 1) {
    Loop->Start = constantInt(0, IndexTy, Call->Range);
    Loop->Stop = convert(Args[0], IndexTy);
  } else {
    Loop->Start = convert(Args[0], IndexTy);
    Loop->Stop = convert(Args[1], IndexTy);
  }
  Loop->Step = Args.size() == 3 ? convert(Args[2], IndexTy) : constantInt(1, IndexTy, Call->Range);
  if (Loop->Step->Kind != NodeKind::Constant) {
    // The check of the step runs after all three are evaluated, as
    // Numba's, once each and in their order: a step read from a variable
    // goes first (a read changes nothing), one computed goes after its
    // start and stop.
    if (Loop->Step->Kind != NodeKind::VarRef) {
      Loop->Start = materialize(Loop->Start);
      Loop->Stop = materialize(Loop->Stop);
      Loop->Step = materialize(Loop->Step);
    }
    endOnZeroStep(Loop->Step, Call->Args[2]->Range);
  }
  if (auto *C = dynCast<ir::ConstantExpr>(Loop->Step); Loop->Parallel && (!C || C->IntBits != 1))
    error(Call->Args[2]->Range, DiagKind::InvalidArgument);
  if (auto *C = dynCast<ir::ConstantExpr>(Loop->Step); C && C->IntBits == 0)
    error(Call->Args[2]->Range, DiagKind::InvalidArgument);
  if (Var->Ty != IndexTy && !convert(constantInt(0, IndexTy, Call->Range), Var->Ty))
    return;
  ++LoopDepth;
  lowerBlock(Fo.Body, Loop->Body);
  --LoopDepth;
  Out.push_back(Loop);
}

void FunctionBuilder::lowerWhile(const fe::WhileStmt &W, StmtList &Out) {
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

Stmt *FunctionBuilder::assignFlag(Variable *Flag, bool Value, SourceRange Range) {
  auto *A = make<ir::AssignStmt>(Range);
  A->Var = Flag;
  A->Value = constantInt(Value, S.Types.boolean(), Range);
  return A;
}

void FunctionBuilder::lowerLoopElse(const fe::StmtList &Body, const fe::StmtList &OrElse,
                                    const std::function<void()> &LowerLoop, StmtList &Out) {
  Variable *Broke = nullptr;
  if (!OrElse.empty() && breaksItsLoop(Body)) {
    Broke = newTemp(S.Types.boolean());
    Out.push_back(assignFlag(Broke, false, OrElse.front()->Range));
  }
  BreakFlags.push_back(Broke);
  LowerLoop();
  BreakFlags.pop_back();
  if (OrElse.empty())
    return;
  // The block's own breaks and continues are the enclosing loop's.
  if (!Broke) {
    lowerBlock(OrElse, Out);
    return;
  }
  SourceRange Range = OrElse.front()->Range;
  auto *Ran = make<VarRefExpr>(Range, S.Types.boolean());
  Ran->Var = Broke;
  auto *Not = make<ir::UnaryExpr>(Range, S.Types.boolean());
  Not->Op = UnaryArithOp::Not;
  Not->Operand = Ran;
  auto *If = make<ir::IfStmt>(Range);
  If->Cond = Not;
  lowerBlock(OrElse, If->Then);
  Out.push_back(If);
}

} // namespace pykc::ir
