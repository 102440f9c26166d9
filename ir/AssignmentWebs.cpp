//===- AssignmentWebs.cpp - A variable's independently typed versions -----===//
#include "ir/AssignmentWebs.h"

#include "frontend/ASTWalk.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <numeric>
#include <vector>

namespace pykc::ir {

using namespace frontend;

namespace {

/// The definitions of a name that may reach a point: sorted, and shared
/// between states, which copy and compare pointers. A name every loop
/// assigns (`for j in ...` again and again) collects one definition per
/// loop, as an empty loop leaves it as it was; copying such sets at each
/// loop would make a long function quadratic.
using Defs = std::shared_ptr<const std::vector<int>>;

Defs oneDef(int D) { return std::make_shared<const std::vector<int>>(1, D); }

/// The union of \p A and \p B, sharing one of them when it holds both.
Defs unite(const Defs &A, const Defs &B) {
  if (!A || A == B)
    return B;
  if (!B || std::includes(A->begin(), A->end(), B->begin(), B->end()))
    return A;
  if (std::includes(B->begin(), B->end(), A->begin(), A->end()))
    return B;
  auto Out = std::make_shared<std::vector<int>>();
  Out->reserve(A->size() + B->size());
  std::set_union(A->begin(), A->end(), B->begin(), B->end(), std::back_inserter(*Out));
  return Out;
}

/// Which definitions of each name may reach a point; Dead after a return,
/// break or continue (nothing flows on from there).
struct State {
  std::map<std::string, Defs> Reaching;
  bool Dead = false;

  void join(const State &O) {
    if (O.Dead)
      return;
    if (Dead) {
      *this = O;
      return;
    }
    for (const auto &[Name, D] : O.Reaching) {
      Defs &Mine = Reaching[Name];
      Mine = unite(Mine, D);
    }
  }
  bool operator==(const State &O) const {
    if (Dead != O.Dead || Reaching.size() != O.Reaching.size())
      return false;
    for (auto A = Reaching.begin(), B = O.Reaching.begin(); A != Reaching.end(); ++A, ++B)
      if (A->first != B->first || (A->second != B->second && *A->second != *B->second))
        return false;
    return true;
  }
};

/// The local names an if or a loop mentions: the only ones whose reaching
/// definitions it can change. The walk saves, restores and joins just
/// these around it, so a function of many statements costs time linear in
/// its size, not in its size times its number of variables.
using NameSet = std::vector<std::string>;

/// \p S's entries for \p Names (and whether it is dead).
State project(const State &S, const NameSet &Names) {
  State P;
  P.Dead = S.Dead;
  for (const std::string &N : Names)
    if (auto It = S.Reaching.find(N); It != S.Reaching.end())
      P.Reaching.emplace(N, It->second);
  return P;
}

/// Sets \p S's entries for \p Names (and its deadness) to \p P's.
void restore(State &S, const State &P, const NameSet &Names) {
  S.Dead = P.Dead;
  for (const std::string &N : Names) {
    if (auto It = P.Reaching.find(N); It != P.Reaching.end())
      S.Reaching[N] = It->second;
    else
      S.Reaching.erase(N);
  }
}

/// State::join of \p P, a projection onto \p Names, into \p S.
void joinProjection(State &S, const State &P, const NameSet &Names) {
  if (P.Dead)
    return;
  if (S.Dead)
    return restore(S, P, Names);
  for (const auto &[Name, D] : P.Reaching) {
    Defs &Mine = S.Reaching[Name];
    Mine = unite(Mine, D);
  }
}

class WebFinder {
public:
  WebFinder(const std::set<std::string> &Locals) : Locals(Locals) {}

  /// Definition ids: one per parameter's entry value, one per store target.
  std::map<std::string, int> EntryDef;
  std::map<const NameExpr *, int> StoreDef;
  std::vector<std::string> DefName;
  /// The definitions each load may read.
  std::map<const NameExpr *, std::set<int>> LoadReaches;

  int newDef(const std::string &Name) {
    DefName.push_back(Name);
    return int(DefName.size()) - 1;
  }

  void block(const StmtList &Body, State &S) {
    for (const Stmt *St : Body)
      stmt(*St, S);
  }

private:
  const std::set<std::string> &Locals;
  /// Where break and continue of the innermost loop go: projections onto
  /// the loop's names.
  struct Loop {
    State Breaks, Continues;
    const NameSet *Names = nullptr;
  };
  std::vector<Loop *> Loops;

  void load(const NameExpr &N, State &S) {
    if (!Locals.count(N.Id))
      return;
    std::set<int> &R = LoadReaches[&N];
    if (!S.Dead)
      if (auto It = S.Reaching.find(N.Id); It != S.Reaching.end())
        R.insert(It->second->begin(), It->second->end());
  }

  void store(const NameExpr &N, State &S) {
    if (!Locals.count(N.Id))
      return;
    auto [It, New] = StoreDef.try_emplace(&N, 0);
    if (New)
      It->second = newDef(N.Id);
    if (!S.Dead)
      S.Reaching[N.Id] = oneDef(It->second);
  }

  void exprs(const ExprList &Es, State &S) {
    for (const Expr *E : Es)
      if (E)
        expr(*E, S);
  }

  /// The loads of an expression, in Python's order (close enough: only a
  /// walrus could tell, and the kernel language has none).
  void expr(const Expr &E, State &S) {
    if (auto *N = dyn_cast<NameExpr>(&E))
      return load(*N, S);
    if (auto *A = dyn_cast<AttributeExpr>(&E))
      return expr(*A->Value, S);
    if (auto *Sub = dyn_cast<SubscriptExpr>(&E)) {
      expr(*Sub->Value, S);
      return expr(*Sub->Index, S);
    }
    if (auto *Sl = dyn_cast<SliceExpr>(&E))
      return exprs({Sl->Lower, Sl->Upper, Sl->Step}, S);
    if (auto *T = dyn_cast<TupleExpr>(&E))
      return exprs(T->Elts, S);
    if (auto *L = dyn_cast<ListExpr>(&E))
      return exprs(L->Elts, S);
    if (auto *St = dyn_cast<SetExpr>(&E))
      return exprs(St->Elts, S);
    if (auto *D = dyn_cast<DictExpr>(&E)) {
      exprs(D->Keys, S);
      return exprs(D->Values, S);
    }
    if (auto *U = dyn_cast<UnaryExpr>(&E))
      return expr(*U->Operand, S);
    if (auto *B = dyn_cast<BinaryExpr>(&E)) {
      expr(*B->LHS, S);
      return expr(*B->RHS, S);
    }
    if (auto *B = dyn_cast<BoolOpExpr>(&E))
      return exprs(B->Values, S);
    if (auto *C = dyn_cast<CompareExpr>(&E)) {
      expr(*C->Left, S);
      return exprs(C->Comparators, S);
    }
    if (auto *I = dyn_cast<IfExpExpr>(&E))
      return exprs({I->Test, I->Body, I->OrElse}, S);
    if (auto *C = dyn_cast<CallExpr>(&E)) {
      expr(*C->Func, S);
      exprs(C->Args, S);
      for (const Keyword &K : C->Keywords)
        if (K.Value)
          expr(*K.Value, S);
      return;
    }
    if (auto *St = dyn_cast<StarredExpr>(&E))
      return expr(*St->Value, S);
    if (auto *N = dyn_cast<NamedExprExpr>(&E)) {
      expr(*N->Value, S);
      return store(*N->Target, S);
    }
    // Constants; lambdas and comprehensions, which kernels refuse.
  }

  /// An assignment target: names are stored, the rest evaluated.
  void target(const Expr &T, State &S) {
    if (auto *N = dyn_cast<NameExpr>(&T))
      return store(*N, S);
    if (auto *Tu = dyn_cast<TupleExpr>(&T)) {
      for (const Expr *E : Tu->Elts)
        target(*E, S);
      return;
    }
    if (auto *L = dyn_cast<ListExpr>(&T)) {
      for (const Expr *E : L->Elts)
        target(*E, S);
      return;
    }
    if (auto *St = dyn_cast<StarredExpr>(&T))
      return target(*St->Value, S);
    expr(T, S); // a[i] = v, r.x = v: a and i are read
  }

  /// A loop: \p Body runs while \p Head allows, to a fixed point. Only
  /// \p Names (what the loop mentions) change in it; S keeps the rest.
  template <class HeadFn, class BodyFn>
  void loop(State &S, const NameSet &Names, HeadFn &&Head, BodyFn &&Body,
            const StmtList &OrElse) {
    State Entry = project(S, Names);
    State Exit;
    Exit.Dead = true;
    State Breaks;
    Breaks.Dead = true;
    for (int Round = 0; Round < 64; ++Round) {
      restore(S, Entry, Names); // what reaches the loop's head: the entry,
      Head(S);                  // and (after round one) the body's end
      State Out = project(S, Names); // leaving from the head: the else clause
      Loop L;
      L.Breaks.Dead = L.Continues.Dead = true;
      L.Names = &Names;
      Loops.push_back(&L);
      Body(S);
      Loops.pop_back();
      State B = project(S, Names);
      B.join(L.Continues);
      State Next = Entry;
      Next.join(B);
      Exit = std::move(Out);
      Breaks = std::move(L.Breaks);
      if (Next == Entry)
        break;
      Entry = std::move(Next);
    }
    restore(S, Exit, Names);
    block(OrElse, S);
    joinProjection(S, Breaks, Names);
  }

  void stmt(const Stmt &St, State &S) {
    if (auto *A = dyn_cast<AssignStmt>(&St)) {
      expr(*A->Value, S);
      for (const Expr *T : A->Targets)
        target(*T, S);
    } else if (auto *A = dyn_cast<AugAssignStmt>(&St)) {
      if (auto *N = dyn_cast<NameExpr>(A->Target))
        load(*N, S);
      expr(*A->Value, S);
      target(*A->Target, S);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(&St)) {
      if (A->Value) {
        expr(*A->Value, S);
        target(*A->Target, S);
      }
    } else if (auto *E = dyn_cast<ExprStmtStmt>(&St)) {
      expr(*E->Value, S);
    } else if (auto *I = dyn_cast<IfStmt>(&St)) {
      expr(*I->Test, S);
      NameSet Names = namesMentioned({}, {&I->Body, &I->OrElse});
      State Before = project(S, Names);
      block(I->Body, S);
      State Then = project(S, Names);
      restore(S, Before, Names);
      block(I->OrElse, S);
      joinProjection(S, Then, Names);
    } else if (auto *W = dyn_cast<WhileStmt>(&St)) {
      loop(
          S, namesMentioned({W->Test}, {&W->Body, &W->OrElse}),
          [&](State &H) { expr(*W->Test, H); }, [&](State &B) { block(W->Body, B); },
          W->OrElse);
    } else if (auto *F = dyn_cast<ForStmt>(&St)) {
      expr(*F->Iter, S);
      // The target is assigned at the start of each iteration, after the
      // head (an empty loop leaves it as it was).
      loop(
          S, namesMentioned({F->Target}, {&F->Body, &F->OrElse}), [](State &) {},
          [&](State &B) {
            target(*F->Target, B);
            block(F->Body, B);
          },
          F->OrElse);
    } else if (auto *R = dyn_cast<ReturnStmt>(&St)) {
      if (R->Value)
        expr(*R->Value, S);
      S.Dead = true;
    } else if (auto *R = dyn_cast<RaiseStmt>(&St)) {
      if (R->Exc)
        expr(*R->Exc, S);
      S.Dead = true;
    } else if (isa<BreakStmt>(&St) || isa<ContinueStmt>(&St)) {
      if (!Loops.empty())
        (isa<BreakStmt>(&St) ? Loops.back()->Breaks : Loops.back()->Continues)
            .join(project(S, *Loops.back()->Names));
      S.Dead = true;
    } else if (auto *A = dyn_cast<AssertStmt>(&St)) {
      expr(*A->Test, S);
    } else if (auto *W = dyn_cast<WithStmt>(&St)) {
      block(W->Body, S);
    } else if (auto *T = dyn_cast<TryStmt>(&St)) {
      block(T->Body, S);
    }
  }
};

/// Union-find over definition ids.
struct Sets {
  std::vector<int> Parent;
  explicit Sets(size_t N) : Parent(N) { std::iota(Parent.begin(), Parent.end(), 0); }
  int find(int X) {
    while (Parent[size_t(X)] != X)
      X = Parent[size_t(X)] = Parent[size_t(Parent[size_t(X)])];
    return X;
  }
  void merge(int A, int B) { Parent[size_t(find(A))] = find(B); }
};

} // namespace

AssignmentWebs findAssignmentWebs(const StmtList &Body, const std::set<std::string> &Locals,
                                  const std::set<std::string> &Params) {
  WebFinder W(Locals);
  State S;
  for (const std::string &P : Params) {
    int D = W.newDef(P);
    W.EntryDef[P] = D;
    S.Reaching[P] = oneDef(D);
  }
  W.block(Body, S);

  Sets Webs(W.DefName.size());
  for (const auto &[Load, Defs] : W.LoadReaches)
    for (int D : Defs)
      Webs.merge(D, *Defs.begin());

  // Number each name's webs in order of their first definition, so the
  // first version keeps the plain name.
  AssignmentWebs Out;
  std::map<int, unsigned> WebIndex;
  for (size_t D = 0; D < W.DefName.size(); ++D) {
    int Root = Webs.find(int(D));
    if (!WebIndex.count(Root))
      WebIndex[Root] = Out.Count[W.DefName[D]]++;
  }
  auto IndexOf = [&](int D) { return WebIndex.at(Webs.find(D)); };
  for (const auto &[Name, D] : W.EntryDef)
    Out.Entry[Name] = IndexOf(D);
  for (const auto &[Store, D] : W.StoreDef)
    Out.Stores[Store] = IndexOf(D);
  for (const auto &[Load, Defs] : W.LoadReaches)
    if (!Defs.empty())
      Out.Loads[Load] = IndexOf(*Defs.begin());
  for (const std::string &L : Locals)
    Out.Count.try_emplace(L, 1); // a name never assigned on any path
  return Out;
}

} // namespace pykc::ir
