//===- RangeVariables.cpp - `r = range(...)` held in a local --------------===//
#include "frontend/RangeVariables.h"

#include "frontend/ASTWalk.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace pykc::frontend {

namespace {

/// `range(...)` with one to three plain positional arguments.
const CallExpr *rangeCall(const Expr *E) {
  auto *C = dyn_cast<CallExpr>(E);
  auto *F = C ? dyn_cast<NameExpr>(C->Func) : nullptr;
  if (!F || F->Id != "range" || !C->Keywords.empty() || C->Args.empty() || C->Args.size() > 3)
    return nullptr;
  for (const Expr *A : C->Args)
    if (isa<StarredExpr>(A))
      return nullptr;
  return C;
}

/// The local name an `R = range(...)` statement binds, or null.
const NameExpr *rangeAssignTarget(const Stmt &S) {
  auto *A = dyn_cast<AssignStmt>(&S);
  if (!A || A->Targets.size() != 1 || !rangeCall(A->Value))
    return nullptr;
  return dyn_cast<NameExpr>(A->Targets[0]);
}

bool isRangeAttribute(const std::string &Attr) {
  return Attr == "start" || Attr == "stop" || Attr == "step";
}

/// The names a range of 1, 2 or 3 arguments is kept in, in argument order.
const std::vector<const char *> &partNames(size_t Args) {
  static const std::vector<const char *> Parts[3] = {
      {"stop"}, {"start", "stop"}, {"start", "stop", "step"}};
  return Parts[Args - 1];
}

/// The name `N` of `len(N)`, the uses the Finder allows and the Rewriter
/// rewrites (both must agree on them).
const NameExpr *lenOperand(const Expr &E) {
  auto *C = dyn_cast<CallExpr>(&E);
  auto *F = C ? dyn_cast<NameExpr>(C->Func) : nullptr;
  if (!F || F->Id != "len" || C->Args.size() != 1 || !C->Keywords.empty())
    return nullptr;
  return dyn_cast<NameExpr>(C->Args[0]);
}

/// The name `N` of `N.start`, `N.stop` or `N.step`.
const NameExpr *rangeAttributeBase(const Expr &E) {
  auto *A = dyn_cast<AttributeExpr>(&E);
  return A && isRangeAttribute(A->Attr) ? dyn_cast<NameExpr>(A->Value) : nullptr;
}

/// The argument counts of each range local of one function; a name is
/// dropped as soon as one use is not a loop, len() or an attribute.
class Finder {
public:
  std::map<std::string, size_t> find(FunctionDefStmt &F) {
    // Most functions make no range to keep: they cost one look at each
    // statement.
    forEachStmt(F.Body, [&](Stmt &S) { candidate(S); });
    if (Arguments.empty())
      return {};
    for (const Param &P : F.Params)
      Rejected.insert(P.Name);
    forEachStmt(F.Body, [&](Stmt &S) { statement(S); });
    forEachExpr(F.Body, [&](Expr &E) { expression(E); });
    std::map<std::string, size_t> Result;
    for (auto &[Name, Args] : Arguments)
      if (!Rejected.count(Name) && Mentions[Name] == Allowed[Name])
        Result[Name] = Args;
    return Result;
  }

private:
  void candidate(Stmt &S) {
    const NameExpr *Target = rangeAssignTarget(S);
    if (!Target)
      return;
    size_t Args = cast<CallExpr>(cast<AssignStmt>(S).Value)->Args.size();
    auto [It, New] = Arguments.emplace(Target->Id, Args);
    if (!New && It->second != Args)
      Rejected.insert(Target->Id); // r.start would be 0 on one path only
    ++Allowed[Target->Id];
  }

  void statement(Stmt &S) {
    if (auto *For = dyn_cast<ForStmt>(&S)) {
      if (auto *N = dyn_cast<NameExpr>(For->Iter))
        ++Allowed[N->Id];
    } else if (auto *G = dyn_cast<GlobalStmt>(&S)) {
      Rejected.insert(G->Names.begin(), G->Names.end());
    } else if (auto *Inner = dyn_cast<FunctionDefStmt>(&S)) {
      // Its body sees the outer locals it reads (NestedFunctions.h).
      forEachExpr(Inner->Body, [&](Expr &E) {
        if (auto *N = dyn_cast<NameExpr>(&E))
          Rejected.insert(N->Id);
      });
      Rejected.insert(Inner->Name);
    } else if (auto *C = dyn_cast<ClassDefStmt>(&S)) {
      Rejected.insert(C->Name);
    } else if (auto *I = dyn_cast<ImportStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Rejected.insert(A.AsName.empty() ? A.Name : A.AsName);
    } else if (auto *I = dyn_cast<ImportFromStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Rejected.insert(A.AsName.empty() ? A.Name : A.AsName);
    } else if (auto *T = dyn_cast<TryStmt>(&S)) {
      for (const ExceptHandler &H : T->Handlers)
        Rejected.insert(H.Name);
    }
  }

  void expression(Expr &E) {
    if (auto *N = dyn_cast<NameExpr>(&E)) {
      ++Mentions[N->Id];
    } else if (const NameExpr *N = lenOperand(E)) {
      ++Allowed[N->Id];
    } else if (const NameExpr *N = rangeAttributeBase(E)) {
      ++Allowed[N->Id];
    } else if (auto *W = dyn_cast<NamedExprExpr>(&E)) {
      Rejected.insert(W->Target->Id);
    } else if (auto *L = dyn_cast<LambdaExpr>(&E)) {
      // Lifted out as a nested def is, it reads the outer locals.
      std::function<void(Expr *&)> Reject = [&](Expr *&Inner) {
        if (auto *N = dyn_cast<NameExpr>(Inner))
          Rejected.insert(N->Id);
        forEachChild(*Inner, Reject);
      };
      Reject(L->Body);
    }
  }

  std::map<std::string, size_t> Arguments, Mentions, Allowed;
  std::set<std::string> Rejected;
};

class Rewriter {
public:
  Rewriter(ASTContext &Ctx, const std::map<std::string, size_t> &Ranges)
      : Ctx(Ctx), Ranges(Ranges) {}

  void block(StmtList &Body) {
    StmtList Out;
    for (Stmt *S : Body) {
      if (const NameExpr *Target = rangeAssignTarget(*S); Target && Ranges.count(Target->Id)) {
        splitAssignment(*cast<AssignStmt>(S), Target->Id, Out);
        continue;
      }
      forEachPart(*S, [&](Expr *&E) { expr(E); }, [&](StmtList &Inner) { block(Inner); });
      Out.push_back(S);
    }
    Body = std::move(Out);
  }

private:
  /// `R = range(a, b, c)` as `R.start = a; R.stop = b; R.step = c`, for
  /// the parts it gives (range(b) gives only `R.stop`).
  void splitAssignment(AssignStmt &S, const std::string &R, StmtList &Out) {
    const CallExpr &Call = *cast<CallExpr>(S.Value);
    const std::vector<const char *> &Parts = partNames(Call.Args.size());
    for (size_t I = 0; I < Call.Args.size(); ++I) {
      auto *A = Ctx.create<AssignStmt>(S.Range);
      A->Targets.push_back(name(R, Parts[I], S.Targets[0]->Range));
      A->Value = Call.Args[I];
      expr(A->Value);
      Out.push_back(A);
    }
  }

  void expr(Expr *&E) {
    if (const NameExpr *N = lenOperand(*E); N && Ranges.count(N->Id)) {
      // len(range(...)) of its parts: counted, and its step checked, as
      // the checker and builder count a range in a loop.
      E = call("len", {call("range", rangeArguments(N->Id, Ranges.at(N->Id), E->Range), E->Range)},
               E->Range);
      return;
    }
    if (const NameExpr *N = rangeAttributeBase(*E); N && Ranges.count(N->Id)) {
      E = part(N->Id, Ranges.at(N->Id), cast<AttributeExpr>(E)->Attr, E->Range);
      return;
    }
    if (auto *N = dyn_cast<NameExpr>(E); N && Ranges.count(N->Id)) {
      // The Finder let through no other use: this is a loop's iterable.
      E = call("range", rangeArguments(N->Id, Ranges.at(N->Id), E->Range), E->Range);
      return;
    }
    forEachChild(*E, [&](Expr *&Child) { expr(Child); });
  }

  ExprList rangeArguments(const std::string &R, size_t Args, SourceRange At) {
    ExprList Out;
    for (const char *Part : partNames(Args))
      Out.push_back(name(R, Part, At));
    return Out;
  }

  /// `.start` and `.step` of a range made without them are its defaults.
  Expr *part(const std::string &R, size_t Args, const std::string &Attr, SourceRange At) {
    if (Attr == "start" && Args == 1)
      return integer(0, At);
    if (Attr == "step" && Args < 3)
      return integer(1, At);
    return name(R, Attr, At);
  }

  NameExpr *name(const std::string &R, const std::string &Part, SourceRange At) {
    auto *N = Ctx.create<NameExpr>(At);
    N->Id = R + "." + Part;
    return N;
  }

  Expr *integer(uint64_t V, SourceRange At) {
    auto *C = Ctx.create<ConstantExpr>(At);
    C->CK = ConstantKind::Int;
    C->IntValue = V;
    return C;
  }

  Expr *call(const char *Callee, ExprList Args, SourceRange At) {
    auto *F = Ctx.create<NameExpr>(At);
    F->Id = Callee;
    auto *C = Ctx.create<CallExpr>(At);
    C->Func = F;
    C->Args = std::move(Args);
    return C;
  }

  ASTContext &Ctx;
  const std::map<std::string, size_t> &Ranges;
};

/// Whether the module binds `range` itself, or uses the name other than
/// to call it (then a call may not be the builtin, and nothing is
/// rewritten).
bool rebindsRange(StmtList &Body) {
  bool Found = false;
  auto Binds = [](const std::string &Name) { return Name == "range"; };
  std::function<void(StmtList &)> Scan = [&](StmtList &B) {
    forEachStmt(B, [&](Stmt &S) {
      if (auto *F = dyn_cast<FunctionDefStmt>(&S)) {
        Found |= Binds(F->Name);
        for (const Param &P : F->Params)
          Found |= Binds(P.Name);
        Scan(F->Body);
      } else if (auto *C = dyn_cast<ClassDefStmt>(&S)) {
        Found |= Binds(C->Name);
        Scan(C->Body);
      } else if (auto *I = dyn_cast<ImportStmt>(&S)) {
        for (const ImportAlias &A : I->Names)
          Found |= Binds(A.AsName.empty() ? A.Name : A.AsName);
      } else if (auto *I = dyn_cast<ImportFromStmt>(&S)) {
        for (const ImportAlias &A : I->Names)
          Found |= Binds(A.AsName.empty() ? A.Name : A.AsName) || A.Name == "*";
      }
    });
    size_t Names = 0, Calls = 0;
    forEachExpr(B, [&](Expr &E) {
      if (auto *N = dyn_cast<NameExpr>(&E); N && Binds(N->Id))
        ++Names;
      else if (auto *C = dyn_cast<CallExpr>(&E))
        if (auto *F = dyn_cast<NameExpr>(C->Func); F && Binds(F->Id))
          ++Calls;
    });
    Found |= Names != Calls;
  };
  Scan(Body);
  return Found;
}

/// Rewrites the range locals of the functions in \p Body (methods and
/// nested functions included) where \p RangeIsBuiltin.
void functions(StmtList &Body, ASTContext &Ctx, const std::function<bool()> &RangeIsBuiltin) {
  forEachStmt(Body, [&](Stmt &S) {
    if (auto *F = dyn_cast<FunctionDefStmt>(&S)) {
      std::map<std::string, size_t> Ranges = Finder().find(*F);
      if (!Ranges.empty() && RangeIsBuiltin())
        Rewriter(Ctx, Ranges).block(F->Body);
      functions(F->Body, Ctx, RangeIsBuiltin);
    } else if (auto *C = dyn_cast<ClassDefStmt>(&S)) {
      functions(C->Body, Ctx, RangeIsBuiltin);
    }
  });
}

} // namespace

void splitRangeVariables(Module &M, ASTContext &Ctx) {
  // Reading the whole module for bindings of `range` waits for the first
  // function that keeps a range: most modules have none.
  std::optional<bool> Builtin;
  functions(M.Body, Ctx, [&] {
    if (!Builtin)
      Builtin = !rebindsRange(M.Body);
    return *Builtin;
  });
}

} // namespace pykc::frontend
