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
  auto *Target = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  auto *Call = dyn_cast<CallExpr>(S.Value);
  auto *Callee = Call ? dyn_cast<NameExpr>(Call->Func) : nullptr;
  const Symbol *Sym = Callee ? lookup(Callee->Id) : nullptr;
  if (!Target || !Sym || !Sym->Fn || Sym->Fn->Role != FunctionRole::Host ||
      !looksLikeFactory(*Sym->Fn->Def))
    return false;
  if (applyDefine(Target->Id, Target->Range))
    return true;
  std::string Why = followFactory(Target->Id, Target->Range, *Sym->Fn, Call, nullptr);
  if (!Why.empty())
    Symbols[Target->Id] =
        Symbol{Symbol::Kind::Host, "", {}, nullptr, Target->Range,
               "is made by calling '" + Callee->Id + "' on line " +
                   std::to_string(Target->Range.Begin.Line) + ", which pykc cannot follow: " + Why,
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
    std::string Why = followFactory(F.Name, F.NameRange, *Factory, nullptr, &Given);
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

std::string ModuleScope::followFactory(const std::string &TargetId,
                                       frontend::SourceRange TargetRange,
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
  const FunctionInfo *Made = nullptr;
  if (auto *N = dyn_cast<NameExpr>(Return->Value)) {
    if (const Symbol *R = Closure->lookup(N->Id);
        R && R->K == Symbol::Kind::Function && R->Fn->Role != FunctionRole::Host)
      Made = R->Fn;
  } else if (Closure->bindDecoratorCallTo(TargetId, TargetRange,
                                          *Return->Value)) { // `return cuda.jit(k)`
    Made = Closure->Symbols[TargetId].Fn;
  }
  if (!Made)
    return "what it returns is no kernel or device function it defines";

  // Its functions are this module's now, each named after the target.
  for (auto &Fn : Closure->Functions) {
    Fn->Name = Fn.get() == Made ? TargetId : TargetId + ".<locals>." + Fn->Name;
    if (Fn.get() == Made)
      Fn->NameRange = TargetRange;
    Functions.push_back(std::move(Fn));
  }
  Closure->Functions.clear();
  Symbols[TargetId] = Symbol::function(const_cast<FunctionInfo *>(Made), TargetRange);
  Closures.push_back(std::move(Closure));
  return "";
}

} // namespace pykc::ir
