//===- IRWalk.cpp - Visiting the children of typed IR nodes ---------------===//
#include "ir/IRWalk.h"
#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

namespace pykc::ir {

namespace {

/// What forEachChildSlot calls: each expression slot, each statement.
struct Slots {
  const ExprSlotVisitor &OnExpr;
  const StmtVisitor &OnStmt;

  void operator()(Expr *&E) const { OnExpr(E); }
  void operator()(Stmt *S) const { OnStmt(*S); }
};

void visitAll(ExprList &List, const Slots &Visit) {
  for (Expr *&E : List)
    Visit(E);
}

void visitAll(StmtList &List, const Slots &Visit) {
  for (Stmt *S : List)
    Visit(S);
}

void visitIf(Expr *&E, const Slots &Visit) {
  if (E)
    Visit(E);
}

/// The children of the statements that have any.
void statementChildren(Node &N, const Slots &Visit) {
  switch (N.Kind) {
  case NodeKind::AssignStmt:
    return Visit(static_cast<AssignStmt &>(N).Value);
  case NodeKind::StoreStmt: {
    auto &S = static_cast<StoreStmt &>(N);
    Visit(S.Value);
    Visit(S.Array);
    return visitAll(S.Indices, Visit);
  }
  case NodeKind::RecordStoreStmt: {
    auto &S = static_cast<RecordStoreStmt &>(N);
    Visit(S.Value);
    return Visit(S.Record);
  }
  case NodeKind::EvalStmt:
    return Visit(static_cast<EvalStmt &>(N).Value);
  case NodeKind::IfStmt: {
    auto &I = static_cast<IfStmt &>(N);
    Visit(I.Cond);
    visitAll(I.Then, Visit);
    return visitAll(I.Else, Visit);
  }
  case NodeKind::WhileStmt: {
    auto &W = static_cast<WhileStmt &>(N);
    Visit(W.Cond);
    return visitAll(W.Body, Visit);
  }
  case NodeKind::ForRangeStmt: {
    auto &F = static_cast<ForRangeStmt &>(N);
    Visit(F.Start);
    Visit(F.Stop);
    Visit(F.Step);
    return visitAll(F.Body, Visit);
  }
  case NodeKind::ReturnStmt:
    return visitIf(static_cast<ReturnStmt &>(N).Value, Visit);
  default:
    PYKC_ICE("not a statement with children");
  }
}

} // namespace

void forEachChildSlot(Node &N, const ExprSlotVisitor &OnExpr, const StmtVisitor &OnStmt) {
  Slots Visit{OnExpr, OnStmt};
  switch (N.Kind) {
  case NodeKind::Constant:
  case NodeKind::VarRef:
  case NodeKind::SpecialReg:
  case NodeKind::ConstArray:
  case NodeKind::BreakStmt:
  case NodeKind::ContinueStmt:
    return;
  case NodeKind::AllocArray: {
    auto &A = static_cast<AllocArrayExpr &>(N);
    visitAll(A.Dims, Visit);
    return visitIf(A.Fill, Visit);
  }
  case NodeKind::Cast:
    return Visit(static_cast<CastExpr &>(N).Operand);
  case NodeKind::Unary:
    return Visit(static_cast<UnaryExpr &>(N).Operand);
  case NodeKind::Truth:
    return Visit(static_cast<TruthExpr &>(N).Operand);
  case NodeKind::LibdeviceCall:
    return visitAll(static_cast<LibdeviceCallExpr &>(N).Args, Visit);
  case NodeKind::ForeignCall:
    return visitAll(static_cast<ForeignCallExpr &>(N).Args, Visit);
  case NodeKind::OptionalMake:
    return visitIf(static_cast<OptionalMakeExpr &>(N).Operand, Visit);
  case NodeKind::OptionalValid:
    return Visit(static_cast<OptionalValidExpr &>(N).Operand);
  case NodeKind::OptionalUnwrap:
    return Visit(static_cast<OptionalUnwrapExpr &>(N).Operand);
  case NodeKind::Binary: {
    auto &B = static_cast<BinaryExpr &>(N);
    Visit(B.LHS);
    return Visit(B.RHS);
  }
  case NodeKind::Compare: {
    auto &C = static_cast<CompareExpr &>(N);
    Visit(C.LHS);
    return Visit(C.RHS);
  }
  case NodeKind::Logical: {
    auto &L = static_cast<LogicalExpr &>(N);
    Visit(L.LHS);
    return Visit(L.RHS);
  }
  case NodeKind::Select: {
    auto &S = static_cast<SelectExpr &>(N);
    Visit(S.Cond);
    Visit(S.Then);
    return Visit(S.Else);
  }
  case NodeKind::ArrayLoad: {
    auto &L = static_cast<ArrayLoadExpr &>(N);
    Visit(L.Array);
    return visitAll(L.Indices, Visit);
  }
  case NodeKind::ArrayView: {
    auto &V = static_cast<ArrayViewExpr &>(N);
    Visit(V.Array);
    for (ViewIndex &I : V.Entries) {
      visitIf(I.Index, Visit);
      visitIf(I.Start, Visit);
      visitIf(I.Stop, Visit);
      visitIf(I.Step, Visit);
    }
    return;
  }
  case NodeKind::ArrayReinterpret:
    return Visit(static_cast<ArrayReinterpretExpr &>(N).Array);
  case NodeKind::ArrayDim:
    return Visit(static_cast<ArrayDimExpr &>(N).Array);
  case NodeKind::ArraySize:
    return Visit(static_cast<ArraySizeExpr &>(N).Array);
  case NodeKind::ArrayStride:
    return Visit(static_cast<ArrayStrideExpr &>(N).Array);
  case NodeKind::RecordField:
    return Visit(static_cast<RecordFieldExpr &>(N).Record);
  case NodeKind::TupleMake:
    return visitAll(static_cast<TupleMakeExpr &>(N).Elements, Visit);
  case NodeKind::TupleGet:
    return Visit(static_cast<TupleGetExpr &>(N).Tuple);
  case NodeKind::TupleGetDynamic: {
    auto &T = static_cast<TupleGetDynamicExpr &>(N);
    Visit(T.Tuple);
    return Visit(T.Index);
  }
  case NodeKind::Intrinsic:
    return visitAll(static_cast<IntrinsicExpr &>(N).Args, Visit);
  case NodeKind::Call:
    return visitAll(static_cast<CallExpr &>(N).Args, Visit);
  case NodeKind::AtomicRMW: {
    auto &A = static_cast<AtomicRMWExpr &>(N);
    Visit(A.Array);
    visitAll(A.Indices, Visit);
    visitIf(A.Compare, Visit);
    return Visit(A.Value);
  }
  case NodeKind::ParallelFor: {
    auto &P = static_cast<ParallelForExpr &>(N);
    Visit(P.Start);
    Visit(P.Stop);
    Visit(P.Step);
    for (Expr *&I : P.Inits)
      visitIf(I, Visit);
    return visitAll(P.Captures, Visit);
  }
  case NodeKind::Seq: {
    auto &Q = static_cast<SeqExpr &>(N);
    visitAll(Q.Stmts, Visit);
    return Visit(Q.Value);
  }
  case NodeKind::AssignStmt:
  case NodeKind::StoreStmt:
  case NodeKind::RecordStoreStmt:
  case NodeKind::EvalStmt:
  case NodeKind::IfStmt:
  case NodeKind::WhileStmt:
  case NodeKind::ForRangeStmt:
  case NodeKind::ReturnStmt:
    return statementChildren(N, Visit);
  }
  PYKC_ICE("node kind not handled by forEachChildSlot");
}

void forEachChild(const Node &N, const NodeVisitor &Visit) {
  // The walk changes nothing: the slots are only read.
  forEachChildSlot(
      const_cast<Node &>(N), [&](Expr *&E) { Visit(*E); }, [&](Stmt &S) { Visit(S); });
}

void forEachNode(const Node &N, const NodeVisitor &Visit) {
  Visit(N);
  forEachChild(N, [&](const Node &Child) { forEachNode(Child, Visit); });
}

void forEachNode(const StmtList &Body, const NodeVisitor &Visit) {
  for (const Stmt *S : Body)
    forEachNode(*S, Visit);
}

namespace {
bool anyNodeIn(const Node &N, const std::function<bool(const Node &)> &Test) {
  if (Test(N))
    return true;
  bool Found = false;
  forEachChild(N, [&](const Node &Child) { Found = Found || anyNodeIn(Child, Test); });
  return Found;
}
} // namespace

bool anyNode(const StmtList &Body, const std::function<bool(const Node &)> &Test) {
  for (const Stmt *S : Body)
    if (anyNodeIn(*S, Test))
      return true;
  return false;
}

} // namespace pykc::ir
