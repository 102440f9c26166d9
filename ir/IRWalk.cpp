//===- IRWalk.cpp - Visiting the children of typed IR nodes ---------------===//
#include "ir/IRWalk.h"
#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

namespace pykc::ir {

namespace {

void visitAll(const ExprList &List, const NodeVisitor &Visit) {
  for (const Expr *E : List)
    Visit(*E);
}

void visitAll(const StmtList &List, const NodeVisitor &Visit) {
  for (const Stmt *S : List)
    Visit(*S);
}

void visitIf(const Node *N, const NodeVisitor &Visit) {
  if (N)
    Visit(*N);
}

} // namespace

void forEachChild(const Node &N, const NodeVisitor &Visit) {
  switch (N.Kind) {
  case NodeKind::Constant:
  case NodeKind::VarRef:
  case NodeKind::SpecialReg:
  case NodeKind::AllocArray:
  case NodeKind::ConstArray:
  case NodeKind::BreakStmt:
  case NodeKind::ContinueStmt:
    return;
  case NodeKind::Cast:
    return Visit(*static_cast<const CastExpr &>(N).Operand);
  case NodeKind::Unary:
    return Visit(*static_cast<const UnaryExpr &>(N).Operand);
  case NodeKind::Truth:
    return Visit(*static_cast<const TruthExpr &>(N).Operand);
  case NodeKind::LibdeviceCall:
    return visitAll(static_cast<const LibdeviceCallExpr &>(N).Args, Visit);
  case NodeKind::ForeignCall:
    return visitAll(static_cast<const ForeignCallExpr &>(N).Args, Visit);
  case NodeKind::OptionalMake:
    return visitIf(static_cast<const OptionalMakeExpr &>(N).Operand, Visit);
  case NodeKind::OptionalValid:
    return Visit(*static_cast<const OptionalValidExpr &>(N).Operand);
  case NodeKind::OptionalUnwrap:
    return Visit(*static_cast<const OptionalUnwrapExpr &>(N).Operand);
  case NodeKind::Binary: {
    auto &B = static_cast<const BinaryExpr &>(N);
    Visit(*B.LHS);
    return Visit(*B.RHS);
  }
  case NodeKind::Compare: {
    auto &C = static_cast<const CompareExpr &>(N);
    Visit(*C.LHS);
    return Visit(*C.RHS);
  }
  case NodeKind::Logical: {
    auto &L = static_cast<const LogicalExpr &>(N);
    Visit(*L.LHS);
    return Visit(*L.RHS);
  }
  case NodeKind::Select: {
    auto &S = static_cast<const SelectExpr &>(N);
    Visit(*S.Cond);
    Visit(*S.Then);
    return Visit(*S.Else);
  }
  case NodeKind::ArrayLoad: {
    auto &L = static_cast<const ArrayLoadExpr &>(N);
    Visit(*L.Array);
    return visitAll(L.Indices, Visit);
  }
  case NodeKind::ArrayView: {
    auto &V = static_cast<const ArrayViewExpr &>(N);
    Visit(*V.Array);
    for (const ViewIndex &I : V.Entries) {
      visitIf(I.Index, Visit);
      visitIf(I.Start, Visit);
      visitIf(I.Stop, Visit);
      visitIf(I.Step, Visit);
    }
    return;
  }
  case NodeKind::ArrayReinterpret:
    return Visit(*static_cast<const ArrayReinterpretExpr &>(N).Array);
  case NodeKind::ArrayDim:
    return Visit(*static_cast<const ArrayDimExpr &>(N).Array);
  case NodeKind::ArraySize:
    return Visit(*static_cast<const ArraySizeExpr &>(N).Array);
  case NodeKind::RecordField:
    return Visit(*static_cast<const RecordFieldExpr &>(N).Record);
  case NodeKind::TupleMake:
    return visitAll(static_cast<const TupleMakeExpr &>(N).Elements, Visit);
  case NodeKind::TupleGet:
    return Visit(*static_cast<const TupleGetExpr &>(N).Tuple);
  case NodeKind::TupleGetDynamic: {
    auto &T = static_cast<const TupleGetDynamicExpr &>(N);
    Visit(*T.Tuple);
    return Visit(*T.Index);
  }
  case NodeKind::Intrinsic:
    return visitAll(static_cast<const IntrinsicExpr &>(N).Args, Visit);
  case NodeKind::Call:
    return visitAll(static_cast<const CallExpr &>(N).Args, Visit);
  case NodeKind::AtomicRMW: {
    auto &A = static_cast<const AtomicRMWExpr &>(N);
    Visit(*A.Array);
    visitAll(A.Indices, Visit);
    visitIf(A.Compare, Visit);
    return Visit(*A.Value);
  }
  case NodeKind::ParallelFor: {
    auto &P = static_cast<const ParallelForExpr &>(N);
    Visit(*P.Start);
    Visit(*P.Stop);
    Visit(*P.Step);
    for (const Expr *I : P.Inits)
      visitIf(I, Visit);
    return visitAll(P.Captures, Visit);
  }
  case NodeKind::Seq: {
    auto &Q = static_cast<const SeqExpr &>(N);
    visitAll(Q.Stmts, Visit);
    return Visit(*Q.Value);
  }
  case NodeKind::AssignStmt:
    return Visit(*static_cast<const AssignStmt &>(N).Value);
  case NodeKind::StoreStmt: {
    auto &S = static_cast<const StoreStmt &>(N);
    Visit(*S.Value);
    Visit(*S.Array);
    return visitAll(S.Indices, Visit);
  }
  case NodeKind::RecordStoreStmt: {
    auto &S = static_cast<const RecordStoreStmt &>(N);
    Visit(*S.Value);
    return Visit(*S.Record);
  }
  case NodeKind::EvalStmt:
    return Visit(*static_cast<const EvalStmt &>(N).Value);
  case NodeKind::IfStmt: {
    auto &I = static_cast<const IfStmt &>(N);
    Visit(*I.Cond);
    visitAll(I.Then, Visit);
    return visitAll(I.Else, Visit);
  }
  case NodeKind::WhileStmt: {
    auto &W = static_cast<const WhileStmt &>(N);
    Visit(*W.Cond);
    return visitAll(W.Body, Visit);
  }
  case NodeKind::ForRangeStmt: {
    auto &F = static_cast<const ForRangeStmt &>(N);
    Visit(*F.Start);
    Visit(*F.Stop);
    Visit(*F.Step);
    return visitAll(F.Body, Visit);
  }
  case NodeKind::ReturnStmt:
    return visitIf(static_cast<const ReturnStmt &>(N).Value, Visit);
  }
  PYKC_ICE("node kind not handled by forEachChild");
}

void forEachNode(const Node &N, const NodeVisitor &Visit) {
  Visit(N);
  forEachChild(N, [&](const Node &Child) { forEachNode(Child, Visit); });
}

void forEachNode(const StmtList &Body, const NodeVisitor &Visit) {
  for (const Stmt *S : Body)
    forEachNode(*S, Visit);
}

} // namespace pykc::ir
