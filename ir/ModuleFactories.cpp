//===- ModuleFactories.cpp - Kernels made by calling a factory ------------===//
///
/// \file
/// Libraries make kernels by calling a function that defines one over its
/// parameters and returns it:
///
///     def make_scale(k):
///         @cuda.jit
///         def scale(a):
///             a[cuda.grid(1)] *= k
///         return scale
///
///     scale2 = make_scale(2.0)
///
/// Numba compiles `scale` with `k` frozen as the closure's value (2.0), as
/// it freezes globals. pykc follows such a call at module level: the
/// parameters take the call's arguments (constants, device functions,
/// paths such as math.sin), the body runs as module code does over them
/// (in a closure scope, ModuleScope::ClosureOf), and the function it
/// returns is bound to the target's name. Each call makes functions of
/// its own, named after the target, so two calls never share a symbol.
///
//===----------------------------------------------------------------------===//
#include "ir/ModuleScope.h"

#include "frontend/ASTWalk.h"

#include <algorithm>
#include <functional>

namespace pykc::ir {

using namespace frontend;

namespace {

/// Whether \p F looks like a factory: it defines a function in its own
/// body, or returns a call of a call (`cuda.jit(sig)(_body)`).
bool looksLikeFactory(const FunctionDefStmt &F) {
  bool Found = false;
  forEachStmt(const_cast<StmtList &>(F.Body), [&](Stmt &S) {
    if (isa<FunctionDefStmt>(&S))
      Found = true;
    if (auto *R = dyn_cast<ReturnStmt>(&S); R && R->Value && isa<CallExpr>(R->Value) &&
                                             isa<CallExpr>(cast<CallExpr>(R->Value)->Func))
      Found = true;
  });
  return Found;
}

/// Why module code cannot follow \p S in a factory's body, or "".
std::string unfollowed(const Stmt &S) {
  auto At = [&](const char *What) {
    return std::string("it has ") + What + " on line " + std::to_string(S.Range.Begin.Line);
  };
  switch (S.Kind) {
  case NodeKind::ForStmt:
    return At("a 'for' loop");
  case NodeKind::WhileStmt:
    return At("a 'while' loop");
  case NodeKind::GlobalStmt:
    return At("a 'global' statement");
  case NodeKind::RaiseStmt:
    return At("a 'raise'");
  default:
    return "";
  }
}

} // namespace

bool ModuleScope::bindFactoryCall(const AssignStmt &S) {
  // `k = make(...)`, or `fwd, inv = make_pair(...)` of a factory returning
  // a tuple of functions.
  std::vector<const NameExpr *> Names;
  if (S.Targets.size() == 1) {
    if (auto *N = dyn_cast<NameExpr>(S.Targets[0]))
      Names = {N};
    else if (auto *T = dyn_cast<TupleExpr>(S.Targets[0]))
      for (const Expr *E : T->Elts)
        Names.push_back(dyn_cast<NameExpr>(E));
  }
  auto *Call = dyn_cast<CallExpr>(S.Value);
  auto *Callee = Call ? dyn_cast<NameExpr>(Call->Func) : nullptr;
  const Symbol *Sym = Callee ? lookup(Callee->Id) : nullptr;
  if (Names.empty() || std::find(Names.begin(), Names.end(), nullptr) != Names.end() || !Sym ||
      !Sym->Fn || Sym->Fn->Role != FunctionRole::Host || !looksLikeFactory(*Sym->Fn->Def))
    return false;
  std::vector<FactoryTarget> Targets;
  for (const NameExpr *N : Names)
    if (!applyDefine(N->Id, N->Range))
      Targets.push_back({N->Id, N->Range});
  if (Targets.size() != Names.size()) // -D gave some of them: the rest are host data
    Targets.clear();
  std::string Why = Targets.empty() ? "-D names some of its targets"
                                    : followFactory(Targets, *Sym->Fn, Call, nullptr);
  if (!Why.empty())
    for (const NameExpr *N : Names)
      if (!Options.Defines.count(N->Id))
        Symbols[N->Id] =
            Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range,
                   "is made by calling '" + Callee->Id + "' on line " +
                       std::to_string(N->Range.Begin.Line) + ", which pykc cannot follow: " + Why,
                   DiagKind::NoteHostMade};
  return true;
}

void ModuleScope::bindUserDecorators(const FunctionDefStmt &F) {
  // `@gpu def k(...)` with `def gpu(fn): return cuda.jit(fn)`: k is
  // gpu(k), a factory call whose argument is the plain function. Only
  // where every decorator is a function of the program: with one of
  // Numba's, or a library's, among them, classify() decides.
  const Symbol *Plain = lookup(F.Name);
  if (F.Decorators.empty() || !Plain || !Plain->Fn || Plain->Fn->Def != &F ||
      Plain->Fn->Role != FunctionRole::Host)
    return;
  std::vector<std::pair<const Expr *, const FunctionInfo *>> Chain; // innermost first
  for (auto It = F.Decorators.rbegin(); It != F.Decorators.rend(); ++It) {
    const Symbol *D = lookupProgramName(**It);
    if (!D || !D->Fn || D->Fn->Role != FunctionRole::Host || D->Fn->Def == &F)
      return;
    Chain.push_back({*It, D->Fn});
  }
  for (const auto &[Decorator, Factory] : Chain) {
    Symbol Given = Symbols[F.Name];
    std::string Why = followFactory({{F.Name, F.NameRange}}, *Factory, nullptr, &Given);
    if (!Why.empty()) {
      // Still what the decorators inside it made; a plain function (host
      // code) gets the reason a kernel's use of it or --sig shows.
      Symbol &Now = Symbols[F.Name];
      if (Now.K != Symbol::Kind::Host)
        return;
      Now.HostReason = "is made by the decorator '@" +
                       std::string(M.File->text(Decorator->Range)) + "' on line " +
                       std::to_string(Decorator->Range.Begin.Line) +
                       ", which pykc cannot follow: " + Why;
      Now.HostNote = DiagKind::NoteHostMade;
      return;
    }
  }
}

std::string ModuleScope::followFactory(const std::vector<FactoryTarget> &Targets,
                                       const FunctionInfo &Factory, const CallExpr *Call,
                                       const Symbol *Decorated) {
  const FunctionDefStmt &F = *Factory.Def;
  ModuleScope &Home = Factory.Scope ? *Factory.Scope : *this; // the factory's globals
  if (FactoryDepth >= 8)
    return "factory calls nest more than 8 deep";
  auto Closure = std::make_unique<ModuleScope>(ClosureOf{Home});
  Closure->FactoryDepth = FactoryDepth + 1; // counted along the calls, not the scopes

  // The parameters: the call's arguments, as values of this module.
  auto Argument = [&](const Expr &E) -> std::optional<Symbol> {
    if (std::optional<ConstantValue> V = assignedConstant(E))
      return Symbol::constant(*V, E.Range);
    if (auto *N = dyn_cast<NameExpr>(&E))
      if (const Symbol *From = lookup(N->Id);
          From && (From->K == Symbol::Kind::Function || From->K == Symbol::Kind::Module ||
                   From->K == Symbol::Kind::Constant || From->K == Symbol::Kind::Path))
        return *From;
    if (auto P = resolvePath(E))
      return Symbol::path(*P, E.Range);
    return std::nullopt;
  };
  static const std::vector<Expr *> NoArgs;
  static const std::vector<Keyword> NoKeywords;
  const std::vector<Expr *> &Args = Call ? Call->Args : NoArgs;
  const std::vector<Keyword> &Keywords = Call ? Call->Keywords : NoKeywords;
  size_t Next = 0;
  bool DecoratedBound = false;
  for (const Param &P : F.Params) {
    if (P.Kind == ParamKind::VarArgs || P.Kind == ParamKind::VarKeywords)
      return "it takes *" + std::string(P.Kind == ParamKind::VarKeywords ? "*" : "") + P.Name;
    if (Decorated && !DecoratedBound && P.Kind != ParamKind::KeywordOnly) {
      Closure->Symbols[P.Name] = *Decorated; // the function it decorates
      DecoratedBound = true;
      continue;
    }
    const Expr *Given = nullptr;
    ModuleScope *GivenIn = this;
    if (P.Kind != ParamKind::KeywordOnly && Next < Args.size())
      Given = Args[Next++];
    for (const Keyword &K : Keywords)
      if (K.Name == P.Name)
        Given = K.Value;
    if (!Given && P.Default) {
      Given = P.Default;
      GivenIn = &Home;
    }
    if (!Given)
      return "no value is given for its parameter '" + P.Name + "'";
    if (isa<StarredExpr>(Given))
      return "its arguments are unpacked with '*'";
    std::optional<Symbol> V = GivenIn == this ? Argument(*Given) : std::nullopt;
    if (GivenIn != this) {
      if (auto D = Home.evaluate(*Given))
        V = Symbol::constant(*D, Given->Range);
    }
    if (!V)
      return "the value of its parameter '" + P.Name + "' is not known at compile time";
    V->DefRange = Given->Range;
    Closure->Symbols[P.Name] = *V;
  }
  if (Decorated && !DecoratedBound)
    return "it takes no parameter for the function it decorates";
  if (Next < Args.size())
    return "it is given more arguments than it takes";
  for (const Keyword &K : Keywords)
    if (K.Name.empty() || std::none_of(F.Params.begin(), F.Params.end(),
                                       [&](const Param &P) { return P.Name == K.Name; }))
      return "it is given '**' or a keyword it does not take";

  // Its body, as module code runs, up to the `return` that runs: an `if`
  // takes the branch its (decidable) test picks.
  std::string Why;
  const ReturnStmt *Return = nullptr;
  std::function<bool(const StmtList &)> Follow = [&](const StmtList &Body) {
    for (const Stmt *Part : Body) {
      if (auto *R = dyn_cast<ReturnStmt>(Part)) {
        Return = R;
        return true;
      }
      if (auto *I = dyn_cast<IfStmt>(Part)) {
        std::optional<ConstantValue> Test = Closure->evaluate(*I->Test);
        if (!Test) {
          Why = "its 'if' on line " + std::to_string(I->Range.Begin.Line) +
                " tests what pykc cannot know at compile time";
          return true;
        }
        if (Follow(constantTruth(*Test) ? I->Body : I->OrElse))
          return true;
        continue;
      }
      StmtList One{const_cast<Stmt *>(Part)}; // it and its blocks, not a def's body
      forEachStmt(One, [&](Stmt &Inner) {
        if (Why.empty())
          Why = unfollowed(Inner);
        if (Why.empty() && isa<ReturnStmt>(&Inner))
          Why = "it returns from inside a block (line " + std::to_string(Inner.Range.Begin.Line) +
                ")";
      });
      if (!Why.empty())
        return true;
      Closure->execute(One);
    }
    return false;
  };
  Follow(F.Body);
  if (!Why.empty())
    return Why;
  if (!Return || !Return->Value)
    return "it returns no function";
  // One returned function a target (`return fwd, inv` for two).
  std::vector<const Expr *> Returned{Return->Value};
  if (auto *T = dyn_cast<TupleExpr>(Return->Value); T && Targets.size() > 1)
    Returned.assign(T->Elts.begin(), T->Elts.end());
  if (Returned.size() != Targets.size())
    return "it returns " + std::to_string(Returned.size()) + " value(s) for " +
           std::to_string(Targets.size()) + " target(s)";
  std::vector<const FunctionInfo *> Made;
  for (size_t I = 0; I < Targets.size(); ++I) {
    const FunctionInfo *Fn = nullptr;
    if (auto *N = dyn_cast<NameExpr>(Returned[I])) {
      if (const Symbol *R = Closure->lookup(N->Id);
          R && R->K == Symbol::Kind::Function && R->Fn->Role != FunctionRole::Host)
        Fn = R->Fn;
    } else if (Closure->bindDecoratorCallTo(Targets[I].Id, Targets[I].Range,
                                            *Returned[I])) { // `return cuda.jit(k)`
      Fn = Closure->Symbols[Targets[I].Id].Fn;
    }
    if (!Fn || std::find(Made.begin(), Made.end(), Fn) != Made.end())
      return "what it returns is no kernel or device function it defines";
    Made.push_back(Fn);
  }

  // Its functions are this module's now, each named after its target (the
  // others after the first target).
  for (auto &Fn : Closure->Functions) {
    auto It = std::find(Made.begin(), Made.end(), Fn.get());
    if (It != Made.end()) {
      const FactoryTarget &T = Targets[size_t(It - Made.begin())];
      Fn->Name = T.Id;
      Fn->NameRange = T.Range;
    } else {
      Fn->Name = Targets[0].Id + ".<locals>." + Fn->Name;
    }
    Functions.push_back(std::move(Fn));
  }
  Closure->Functions.clear();
  for (size_t I = 0; I < Targets.size(); ++I)
    Symbols[Targets[I].Id] =
        Symbol::function(const_cast<FunctionInfo *>(Made[I]), Targets[I].Range);
  Closures.push_back(std::move(Closure));
  return "";
}

} // namespace pykc::ir
