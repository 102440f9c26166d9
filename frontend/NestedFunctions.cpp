//===- NestedFunctions.cpp - Lifting functions out of functions -----------===//
#include "frontend/NestedFunctions.h"

#include "frontend/ASTWalk.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace pykc::frontend {

namespace {

/// The names a binding target binds: `x`, `a, (b, *c)`.
void targetNames(const Expr *T, std::multiset<std::string> &Out) {
  if (!T)
    return;
  if (auto *N = dyn_cast<NameExpr>(T))
    Out.insert(N->Id);
  else if (auto *Tu = dyn_cast<TupleExpr>(T))
    for (const Expr *E : Tu->Elts)
      targetNames(E, Out);
  else if (auto *L = dyn_cast<ListExpr>(T))
    for (const Expr *E : L->Elts)
      targetNames(E, Out);
  else if (auto *S = dyn_cast<StarredExpr>(T))
    targetNames(S->Value, Out);
}

/// The names \p Body binds (its locals), once per binding.
std::multiset<std::string> boundNames(StmtList &Body) {
  std::multiset<std::string> Bound;
  forEachStmt(Body, [&](Stmt &S) {
    if (auto *A = dyn_cast<AssignStmt>(&S))
      for (const Expr *T : A->Targets)
        targetNames(T, Bound);
    else if (auto *A = dyn_cast<AugAssignStmt>(&S))
      targetNames(A->Target, Bound);
    else if (auto *A = dyn_cast<AnnAssignStmt>(&S))
      targetNames(A->Target, Bound);
    else if (auto *F = dyn_cast<ForStmt>(&S))
      targetNames(F->Target, Bound);
    else if (auto *W = dyn_cast<WithStmt>(&S))
      for (const WithItem &I : W->Items)
        targetNames(I.Vars, Bound);
    else if (auto *F = dyn_cast<FunctionDefStmt>(&S))
      Bound.insert(F->Name);
    else if (auto *C = dyn_cast<ClassDefStmt>(&S))
      Bound.insert(C->Name);
    else if (auto *T = dyn_cast<TryStmt>(&S)) {
      for (const ExceptHandler &H : T->Handlers)
        if (!H.Name.empty())
          Bound.insert(H.Name);
    } else if (auto *I = dyn_cast<ImportStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Bound.insert(!A.AsName.empty() ? A.AsName : A.Name.substr(0, A.Name.find('.')));
    } else if (auto *I = dyn_cast<ImportFromStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Bound.insert(!A.AsName.empty() ? A.AsName : A.Name);
    }
  });
  forEachExpr(Body, [&](Expr &E) {
    if (auto *N = dyn_cast<NamedExprExpr>(&E); N && N->Target)
      Bound.insert(N->Target->Id);
  });
  // `global x` names a module variable, never a local.
  forEachStmt(Body, [&](Stmt &S) {
    if (auto *G = dyn_cast<GlobalStmt>(&S); G && !G->IsNonlocal)
      for (const std::string &N : G->Names)
        Bound.erase(N);
  });
  return Bound;
}

/// The names \p Body reads (and a few it binds: they are locals anyway).
std::set<std::string> readNames(StmtList &Body) {
  std::set<std::string> Read;
  forEachExpr(Body, [&](Expr &E) {
    if (auto *N = dyn_cast<NameExpr>(&E))
      Read.insert(N->Id);
  });
  return Read;
}

/// One function to lift: a plain nested def, or `name = lambda ...: ...`.
struct Candidate {
  std::string Name;
  Stmt *At = nullptr;         ///< The statement that defines it.
  StmtList *Within = nullptr; ///< The block holding At.
  FunctionDefStmt *Lifted = nullptr;
  std::set<std::string> Locals; ///< Its parameters and what its body binds.
  std::set<std::string> Free;   ///< What it reads that is not a local.
  std::set<std::string> Captures;
};

bool plainParams(const std::vector<Param> &Params) {
  for (const Param &P : Params)
    if (P.Kind != ParamKind::Normal && P.Kind != ParamKind::PositionalOnly)
      return false;
  return true;
}

/// Whether \p Body defines functions of its own (not lifted: one level).
bool hasNestedFunctions(StmtList &Body) {
  bool Found = false;
  forEachStmt(Body, [&](Stmt &S) { Found |= isa<FunctionDefStmt>(&S) || isa<ClassDefStmt>(&S); });
  forEachExpr(Body, [&](Expr &E) { Found |= isa<LambdaExpr>(&E); });
  return Found;
}

class Lifter {
public:
  explicit Lifter(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The functions lifted out of \p Outer, in the order they are written.
  std::vector<FunctionDefStmt *> lift(FunctionDefStmt &Outer) {
    std::vector<Candidate> Found = candidates(Outer);
    if (Found.empty())
      return {};
    for (Candidate &C : Found) { // once: the rounds below only regroup them
      for (const Param &P : C.Lifted->Params)
        C.Locals.insert(P.Name);
      for (const std::string &N : boundNames(C.Lifted->Body))
        C.Locals.insert(N);
      for (const std::string &N : readNames(C.Lifted->Body))
        if (!C.Locals.count(N))
          C.Free.insert(N);
    }
    std::multiset<std::string> OuterLocals = boundNames(Outer.Body);
    for (const Param &P : Outer.Params)
      OuterLocals.insert(P.Name);
    std::erase_if(Found, [&](const Candidate &C) {
      if (OuterLocals.count(C.Name) == 1)
        return false;
      refuse(C, "whose name '" + C.Name + "' is bound again in '" + Outer.Name + "'");
      return true;
    });
    // What each reads of the outer function's variables; then those that
    // do and are used as values are not lifted (their reads would be
    // lost), and what calls them reads them instead, until none is left.
    std::set<std::string> Values = namesUsedAsValues(Outer, Found);
    std::map<std::string, Candidate *> ByName;
    while (true) {
      ByName.clear();
      for (Candidate &C : Found)
        ByName[C.Name] = &C;
      findCaptures(Found, ByName, OuterLocals);
      size_t Before = Found.size();
      std::erase_if(Found, [&](const Candidate &C) {
        if (C.Captures.empty() || !Values.count(C.Name))
          return false;
        refuse(C, "that reads '" + *C.Captures.begin() + "' of '" + Outer.Name +
                      "' and is used other than by calling it");
        return true;
      });
      if (Found.size() == Before)
        break;
    }
    std::vector<FunctionDefStmt *> Lifted;
    for (Candidate &C : Found) {
      FunctionDefStmt *L = C.Lifted;
      L->Name = Outer.Name + ".<locals>." + C.Name;
      L->LiftedFrom = &Outer;
      for (const std::string &N : C.Captures) {
        Param P;
        P.Name = N;
        P.Range = L->NameRange;
        L->Params.push_back(P);
      }
      // The outer function no longer defines it where it was.
      for (Stmt *&S : *C.Within)
        if (S == C.At)
          S = Ctx.create<PassStmt>(C.At->Range);
      Lifted.push_back(L);
    }
    rewriteUses(Outer.Body, ByName, {});
    // Its own locals shadow the lifted names (its captures never name one).
    for (Candidate &C : Found)
      rewriteUses(C.Lifted->Body, ByName, C.Locals);
    return Lifted;
  }

private:
  /// Keeps \p C where it is, saying why to the checker's error.
  static void refuse(const Candidate &C, std::string Why) {
    if (auto *F = dyn_cast<FunctionDefStmt>(C.At))
      F->NotLiftedBecause = std::move(Why);
  }

  /// Each candidate's Captures: the outer function's variables it reads,
  /// and those of the candidates it calls (propagated from callee to
  /// caller until nothing changes).
  static void findCaptures(std::vector<Candidate> &Found,
                           const std::map<std::string, Candidate *> &ByName,
                           const std::multiset<std::string> &OuterLocals) {
    std::map<const Candidate *, std::vector<Candidate *>> Callers;
    for (Candidate &C : Found) {
      C.Captures.clear();
      for (const std::string &N : C.Free) {
        if (!OuterLocals.count(N))
          continue;
        if (auto It = ByName.find(N); It != ByName.end())
          Callers[It->second].push_back(&C);
        else
          C.Captures.insert(N);
      }
    }
    std::vector<const Candidate *> Work;
    for (const Candidate &C : Found)
      Work.push_back(&C);
    while (!Work.empty()) {
      const Candidate *Callee = Work.back();
      Work.pop_back();
      for (Candidate *Caller : Callers[Callee]) {
        size_t Had = Caller->Captures.size();
        Caller->Captures.insert(Callee->Captures.begin(), Callee->Captures.end());
        if (Caller->Captures.size() != Had)
          Work.push_back(Caller);
      }
    }
  }

  /// The names used other than as what a call calls, in \p Outer or a
  /// candidate's body (not counting the statements that define them).
  static std::set<std::string> namesUsedAsValues(FunctionDefStmt &Outer,
                                                 std::vector<Candidate> &Found) {
    std::set<std::string> Used;
    std::set<const Stmt *> Defining; // `f = lambda ...`'s target is no use
    for (const Candidate &C : Found)
      Defining.insert(C.At);
    auto Scan = [&](StmtList &Body) {
      std::set<const Expr *> Called;
      std::vector<const NameExpr *> Names;
      std::function<void(Expr *&)> Walk = [&](Expr *&E) {
        if (auto *C = dyn_cast<CallExpr>(E))
          Called.insert(C->Func);
        if (auto *N = dyn_cast<NameExpr>(E))
          Names.push_back(N);
        forEachChild(*E, Walk);
      };
      forEachStmt(Body, [&](Stmt &S) {
        if (!Defining.count(&S))
          forEachPart(S, Walk, [](StmtList &) {});
      });
      for (const NameExpr *N : Names)
        if (!Called.count(N))
          Used.insert(N->Id);
    };
    Scan(Outer.Body);
    for (Candidate &C : Found)
      Scan(C.Lifted->Body);
    return Used;
  }

  std::vector<Candidate> candidates(FunctionDefStmt &Outer) {
    std::vector<Candidate> Found;
    std::function<void(StmtList &)> Scan = [&](StmtList &Body) {
      for (Stmt *S : Body) {
        if (auto *F = dyn_cast<FunctionDefStmt>(S)) {
          F->NotLiftedBecause = !F->Decorators.empty()      ? "with decorators"
                                : F->IsAsync                ? "that is async"
                                : !plainParams(F->Params)   ? "with *args, **kwargs or keyword-only parameters"
                                : hasNestedFunctions(F->Body) ? "that defines functions of its own"
                                                              : "";
          if (F->NotLiftedBecause.empty()) {
            auto *L = Ctx.create<FunctionDefStmt>(F->Range);
            L->NameRange = F->NameRange;
            L->Params = F->Params;
            L->ParamsRange = F->ParamsRange;
            L->Returns = F->Returns;
            L->Body = F->Body;
            Found.push_back({F->Name, S, &Body, L, {}, {}, {}});
          }
          continue;
        }
        if (auto *A = dyn_cast<AssignStmt>(S); A && A->Targets.size() == 1) {
          auto *N = dyn_cast<NameExpr>(A->Targets[0]);
          auto *Lam = dyn_cast<LambdaExpr>(A->Value);
          if (N && Lam && plainParams(Lam->Params)) {
            auto *L = Ctx.create<FunctionDefStmt>(Lam->Range);
            L->NameRange = N->Range;
            L->Params = Lam->Params;
            L->ParamsRange = Lam->Range;
            auto *R = Ctx.create<ReturnStmt>(Lam->Body->Range);
            R->Value = Lam->Body;
            L->Body.push_back(R);
            if (!hasNestedFunctions(L->Body))
              Found.push_back({N->Id, S, &Body, L, {}, {}, {}});
          }
        }
        forEachPart(*S, [](Expr *&) {}, Scan);
      }
    };
    Scan(Outer.Body);
    return Found;
  }

  /// Each use of a lifted function's name in \p Body (but where \p Shadowing
  /// names a local of the same name): a call becomes a call of the lifted
  /// function with the variables it reads; a use as a value, one of the
  /// lifted function when it reads none.
  void rewriteUses(StmtList &Body, const std::map<std::string, Candidate *> &ByName,
                   const std::set<std::string> &Shadowing) {
    auto LiftedOf = [&](const Expr *E) -> Candidate * {
      auto *N = dyn_cast<NameExpr>(E);
      if (!N || Shadowing.count(N->Id))
        return nullptr;
      auto It = ByName.find(N->Id);
      return It == ByName.end() ? nullptr : It->second;
    };
    auto Named = [&](const std::string &Id, SourceRange R) {
      auto *N = Ctx.create<NameExpr>(R);
      N->Id = Id;
      return N;
    };
    std::function<void(Expr *&)> Rewrite = [&](Expr *&E) {
      if (auto *C = dyn_cast<CallExpr>(E)) {
        if (Candidate *Fn = LiftedOf(C->Func)) {
          C->Func = Named(Fn->Lifted->Name, C->Func->Range);
          for (const std::string &N : Fn->Captures) {
            Keyword K;
            K.Name = N;
            K.NameRange = C->Func->Range;
            K.Value = Named(N, C->Func->Range);
            K.Range = C->Func->Range;
            C->Keywords.push_back(K);
          }
          for (Expr *&A : C->Args)
            Rewrite(A);
          for (Keyword &K : C->Keywords)
            if (K.Value)
              Rewrite(K.Value);
          return;
        }
      }
      if (Candidate *Fn = LiftedOf(E); Fn && Fn->Captures.empty()) {
        E = Named(Fn->Lifted->Name, E->Range); // passed as a value: it reads nothing
        return;
      }
      forEachChild(*E, Rewrite);
    };
    forEachStmt(Body, [&](Stmt &S) { forEachPart(S, Rewrite, [](StmtList &) {}); });
  }

  ASTContext &Ctx;
};

/// Whether \p F is compiled by Numba: decorated, or passed to a call at
/// module level (`k = cuda.jit(sig)(fn)`). A plain host function is left
/// as Python runs it.
bool compiledByNumba(const FunctionDefStmt &F, const Module &M) {
  if (!F.Decorators.empty())
    return true;
  bool Passed = false;
  std::function<void(const Expr *)> Look = [&](const Expr *E) {
    if (auto *C = dyn_cast<CallExpr>(E)) {
      for (const Expr *A : C->Args)
        if (auto *N = dyn_cast<NameExpr>(A); N && N->Id == F.Name)
          Passed = true;
      Look(C->Func);
    }
  };
  for (const Stmt *S : M.Body) {
    if (auto *A = dyn_cast<AssignStmt>(S))
      Look(A->Value);
    else if (auto *X = dyn_cast<ExprStmtStmt>(S))
      Look(X->Value);
  }
  return Passed;
}

} // namespace

void liftNestedFunctions(Module &M, ASTContext &Ctx) {
  Lifter L(Ctx);
  StmtList Body;
  for (Stmt *S : M.Body) {
    Body.push_back(S);
    auto *F = dyn_cast<FunctionDefStmt>(S);
    if (!F || !compiledByNumba(*F, M))
      continue;
    for (FunctionDefStmt *Lifted : L.lift(*F))
      Body.push_back(Lifted);
  }
  M.Body = std::move(Body);
}

} // namespace pykc::frontend
