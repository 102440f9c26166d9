//===- SignatureGuess.cpp - A signature guessed from a kernel's body -----===//
#include "ir/SignatureGuess.h"

#include <algorithm>
#include <map>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

/// Guesses array dimensions from how a kernel uses its parameters: `p[i, j]`
/// is 2-d, `p.shape[2]` at least 3-d, `p[i]` or `p.size` 1-d.
class SignatureGuesser {
public:
  explicit SignatureGuesser(const FunctionDefStmt &Def) : Def(Def) {
    for (const Param &P : Def.Params)
      Dims[P.Name] = 0;
    stmts(Def.Body);
  }

  std::vector<unsigned> dims() const {
    std::vector<unsigned> Out;
    for (const Param &P : Def.Params)
      Out.push_back(Dims.at(P.Name));
    return Out;
  }

private:
  void atLeast(const fe::Expr *E, unsigned N) {
    if (auto *Nm = dyn_cast<NameExpr>(E))
      if (auto It = Dims.find(Nm->Id); It != Dims.end())
        It->second = std::max(It->second, N);
  }

  void expr(const fe::Expr *E) {
    if (!E)
      return;
    if (auto *S = dyn_cast<SubscriptExpr>(E)) {
      auto *T = dyn_cast<TupleExpr>(S->Index);
      atLeast(S->Value, T ? unsigned(T->Elts.size()) : 1);
      if (auto *A = dyn_cast<AttributeExpr>(S->Value); A && A->Attr == "shape")
        if (auto *C = dyn_cast<fe::ConstantExpr>(S->Index); C && C->CK == ConstantKind::Int)
          atLeast(A->Value, unsigned(std::min<uint64_t>(C->IntValue, 2)) + 1);
      expr(S->Value);
      expr(S->Index);
    } else if (auto *A = dyn_cast<AttributeExpr>(E)) {
      if (A->Attr == "size" || A->Attr == "shape")
        atLeast(A->Value, 1);
      expr(A->Value);
    } else if (auto *B = dyn_cast<fe::BinaryExpr>(E)) {
      expr(B->LHS);
      expr(B->RHS);
    } else if (auto *U = dyn_cast<fe::UnaryExpr>(E)) {
      expr(U->Operand);
    } else if (auto *C = dyn_cast<fe::CompareExpr>(E)) {
      expr(C->Left);
      for (const fe::Expr *X : C->Comparators)
        expr(X);
    } else if (auto *B = dyn_cast<BoolOpExpr>(E)) {
      for (const fe::Expr *X : B->Values)
        expr(X);
    } else if (auto *C = dyn_cast<fe::CallExpr>(E)) {
      if (auto *F = dyn_cast<NameExpr>(C->Func); F && F->Id == "len" && C->Args.size() == 1)
        atLeast(C->Args[0], 1);
      // cuda.atomic.add(p, (i, j), v) (or atomic.add) indexes p as p[i, j].
      if (auto *F = dyn_cast<AttributeExpr>(C->Func); F && C->Args.size() >= 2) {
        auto *M = dyn_cast<AttributeExpr>(F->Value);
        auto *N = dyn_cast<NameExpr>(F->Value);
        if ((M && M->Attr == "atomic") || (N && N->Id == "atomic")) {
          auto *T = dyn_cast<TupleExpr>(C->Args[1]);
          atLeast(C->Args[0], T ? unsigned(T->Elts.size()) : 1);
        }
      }
      for (const fe::Expr *X : C->Args)
        expr(X);
    } else if (auto *T = dyn_cast<TupleExpr>(E)) {
      for (const fe::Expr *X : T->Elts)
        expr(X);
    } else if (auto *I = dyn_cast<IfExpExpr>(E)) {
      expr(I->Test);
      expr(I->Body);
      expr(I->OrElse);
    }
  }

  void stmts(const fe::StmtList &Body) {
    for (const fe::Stmt *S : Body) {
      if (auto *A = dyn_cast<fe::AssignStmt>(S)) {
        for (const fe::Expr *T : A->Targets)
          expr(T);
        expr(A->Value);
      } else if (auto *A = dyn_cast<AugAssignStmt>(S)) {
        expr(A->Target);
        expr(A->Value);
      } else if (auto *E = dyn_cast<ExprStmtStmt>(S)) {
        expr(E->Value);
      } else if (auto *F = dyn_cast<ForStmt>(S)) {
        expr(F->Iter);
        stmts(F->Body);
      } else if (auto *W = dyn_cast<fe::WhileStmt>(S)) {
        expr(W->Test);
        stmts(W->Body);
      } else if (auto *I = dyn_cast<fe::IfStmt>(S)) {
        expr(I->Test);
        stmts(I->Body);
        stmts(I->OrElse);
      } else if (auto *R = dyn_cast<fe::ReturnStmt>(S)) {
        expr(R->Value);
      }
    }
  }

  const FunctionDefStmt &Def;
  std::map<std::string, unsigned> Dims;
};

} // namespace

std::vector<unsigned> guessArrayDims(const FunctionDefStmt &Def) {
  return SignatureGuesser(Def).dims();
}

std::string guessSignatureText(const FunctionDefStmt &Def, const std::string &Name) {
  std::vector<unsigned> Dims = guessArrayDims(Def);
  std::string S = Name + "(";
  for (size_t I = 0; I < Dims.size(); ++I) {
    S += I ? ", " : "";
    if (Dims[I] == 0) {
      S += "int64";
      continue;
    }
    S += "float32[";
    for (unsigned D = 0; D < Dims[I]; ++D)
      S += D ? ", :" : ":";
    S += "]";
  }
  return S + ")";
}

} // namespace pykc::ir
