//===- ASTWalk.cpp - Visiting the parts of statements and expressions ----===//
#include "frontend/ASTWalk.h"

#include <set>

namespace pykc::frontend {

void forEachChild(Expr &E, const ExprSlot &Visit) {
  auto Opt = [&](Expr *&X) {
    if (X)
      Visit(X);
  };
  auto All = [&](ExprList &L) {
    for (Expr *&X : L)
      Opt(X);
  };
  switch (E.Kind) {
  case NodeKind::AttributeExpr:
    return Opt(cast<AttributeExpr>(&E)->Value);
  case NodeKind::SubscriptExpr:
    Opt(cast<SubscriptExpr>(&E)->Value);
    return Opt(cast<SubscriptExpr>(&E)->Index);
  case NodeKind::SliceExpr:
    Opt(cast<SliceExpr>(&E)->Lower);
    Opt(cast<SliceExpr>(&E)->Upper);
    return Opt(cast<SliceExpr>(&E)->Step);
  case NodeKind::TupleExpr:
    return All(cast<TupleExpr>(&E)->Elts);
  case NodeKind::ListExpr:
    return All(cast<ListExpr>(&E)->Elts);
  case NodeKind::SetExpr:
    return All(cast<SetExpr>(&E)->Elts);
  case NodeKind::DictExpr:
    All(cast<DictExpr>(&E)->Keys);
    return All(cast<DictExpr>(&E)->Values);
  case NodeKind::UnaryExpr:
    return Opt(cast<UnaryExpr>(&E)->Operand);
  case NodeKind::BinaryExpr:
    Opt(cast<BinaryExpr>(&E)->LHS);
    return Opt(cast<BinaryExpr>(&E)->RHS);
  case NodeKind::BoolOpExpr:
    return All(cast<BoolOpExpr>(&E)->Values);
  case NodeKind::CompareExpr:
    Opt(cast<CompareExpr>(&E)->Left);
    return All(cast<CompareExpr>(&E)->Comparators);
  case NodeKind::IfExpExpr:
    Opt(cast<IfExpExpr>(&E)->Test);
    Opt(cast<IfExpExpr>(&E)->Body);
    return Opt(cast<IfExpExpr>(&E)->OrElse);
  case NodeKind::CallExpr: {
    auto *C = cast<CallExpr>(&E);
    Opt(C->Func);
    All(C->Args);
    for (Keyword &K : C->Keywords)
      Opt(K.Value);
    return;
  }
  case NodeKind::LambdaExpr: {
    auto *L = cast<LambdaExpr>(&E);
    for (Param &P : L->Params)
      Opt(P.Default);
    return Opt(L->Body);
  }
  case NodeKind::ComprehensionExpr: {
    auto *C = cast<ComprehensionExpr>(&E);
    Opt(C->Elt);
    Opt(C->Value);
    for (ComprehensionFor &G : C->Generators) {
      Opt(G.Target);
      Opt(G.Iter);
      All(G.Ifs);
    }
    return;
  }
  case NodeKind::StarredExpr:
    return Opt(cast<StarredExpr>(&E)->Value);
  case NodeKind::NamedExprExpr: {
    auto *N = cast<NamedExprExpr>(&E);
    return Opt(N->Value); // the target is a binding, not a read
  }
  case NodeKind::AwaitExpr:
    return Opt(cast<AwaitExpr>(&E)->Value);
  case NodeKind::YieldExpr:
    return Opt(cast<YieldExpr>(&E)->Value);
  default:
    return;
  }
}

void forEachPart(Stmt &S, const ExprSlot &Visit, const std::function<void(StmtList &)> &Block) {
  auto Opt = [&](Expr *&X) {
    if (X)
      Visit(X);
  };
  switch (S.Kind) {
  case NodeKind::FunctionDefStmt: {
    auto *F = cast<FunctionDefStmt>(&S);
    for (Expr *&D : F->Decorators)
      Opt(D);
    for (Param &P : F->Params)
      Opt(P.Default);
    return;
  }
  case NodeKind::ClassDefStmt:
    return;
  case NodeKind::ReturnStmt:
    return Opt(cast<ReturnStmt>(&S)->Value);
  case NodeKind::DeleteStmt:
    for (Expr *&T : cast<DeleteStmt>(&S)->Targets)
      Opt(T);
    return;
  case NodeKind::AssignStmt:
    for (Expr *&T : cast<AssignStmt>(&S)->Targets)
      Opt(T);
    return Opt(cast<AssignStmt>(&S)->Value);
  case NodeKind::AugAssignStmt:
    Opt(cast<AugAssignStmt>(&S)->Target);
    return Opt(cast<AugAssignStmt>(&S)->Value);
  case NodeKind::AnnAssignStmt:
    Opt(cast<AnnAssignStmt>(&S)->Target);
    return Opt(cast<AnnAssignStmt>(&S)->Value);
  case NodeKind::ForStmt: {
    auto *F = cast<ForStmt>(&S);
    Opt(F->Target);
    Opt(F->Iter);
    Block(F->Body);
    return Block(F->OrElse);
  }
  case NodeKind::WhileStmt: {
    auto *W = cast<WhileStmt>(&S);
    Opt(W->Test);
    Block(W->Body);
    return Block(W->OrElse);
  }
  case NodeKind::IfStmt: {
    auto *I = cast<IfStmt>(&S);
    Opt(I->Test);
    Block(I->Body);
    return Block(I->OrElse);
  }
  case NodeKind::WithStmt: {
    auto *W = cast<WithStmt>(&S);
    for (WithItem &I : W->Items) {
      Opt(I.Context);
      Opt(I.Vars);
    }
    return Block(W->Body);
  }
  case NodeKind::RaiseStmt:
    Opt(cast<RaiseStmt>(&S)->Exc);
    return Opt(cast<RaiseStmt>(&S)->Cause);
  case NodeKind::TryStmt: {
    auto *T = cast<TryStmt>(&S);
    Block(T->Body);
    for (ExceptHandler &H : T->Handlers) {
      Opt(H.Type);
      Block(H.Body);
    }
    Block(T->OrElse);
    return Block(T->FinalBody);
  }
  case NodeKind::AssertStmt:
    Opt(cast<AssertStmt>(&S)->Test);
    return Opt(cast<AssertStmt>(&S)->Msg);
  case NodeKind::ExprStmtStmt:
    return Opt(cast<ExprStmtStmt>(&S)->Value);
  default:
    return;
  }
}

void forEachStmt(StmtList &Body, const std::function<void(Stmt &)> &Visit) {
  for (Stmt *S : Body) {
    Visit(*S);
    forEachPart(*S, [](Expr *&) {}, [&](StmtList &Inner) { forEachStmt(Inner, Visit); });
  }
}

void forEachExpr(StmtList &Body, const std::function<void(Expr &)> &Visit) {
  std::function<void(Expr *&)> Walk = [&](Expr *&E) {
    Visit(*E);
    forEachChild(*E, Walk);
  };
  forEachStmt(Body, [&](Stmt &S) { forEachPart(S, Walk, [](StmtList &) {}); });
}

std::vector<std::string> namesMentioned(std::initializer_list<const Expr *> Exprs,
                                        std::initializer_list<const StmtList *> Blocks) {
  std::set<std::string> Seen;
  auto Visit = [&](Expr &E) {
    if (auto *N = dyn_cast<NameExpr>(&E))
      Seen.insert(N->Id);
  };
  for (const Expr *E : Exprs) {
    if (!E)
      continue;
    ExprStmtStmt Holder; // forEachExpr walks statements; the walk only reads
    Holder.Value = const_cast<Expr *>(E);
    StmtList Wrapped{&Holder};
    forEachExpr(Wrapped, Visit);
  }
  for (const StmtList *B : Blocks)
    forEachExpr(const_cast<StmtList &>(*B), Visit);
  return std::vector<std::string>(Seen.begin(), Seen.end());
}

} // namespace pykc::frontend
