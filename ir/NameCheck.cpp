//===- NameCheck.cpp ------------------------------------------------------===//
#include "ir/NameCheck.h"

#include "frontend/Suggest.h"

#include <map>
#include <set>

namespace pykc::ir {

using namespace frontend;

namespace {

void addTargetNames(const Expr *Target, std::vector<std::string> &Out,
                    std::set<std::string> &Seen) {
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    if (Seen.insert(N->Id).second)
      Out.push_back(N->Id);
  } else if (auto *T = dyn_cast<TupleExpr>(Target)) {
    for (const Expr *E : T->Elts)
      addTargetNames(E, Out, Seen);
  } else if (auto *L = dyn_cast<ListExpr>(Target)) {
    for (const Expr *E : L->Elts)
      addTargetNames(E, Out, Seen);
  } else if (auto *S = dyn_cast<StarredExpr>(Target)) {
    addTargetNames(S->Value, Out, Seen);
  }
}

/// Calls Bind(Target, Value) for every binding target in \p Body, nested
/// blocks included, in order: Value is the assigned expression of a plain
/// single-target `name = value`, else null.
template <class BindFn> void forEachBinding(const StmtList &Body, BindFn &&Bind) {
  for (const Stmt *S : Body) {
    if (auto *A = dyn_cast<AssignStmt>(S)) {
      for (const Expr *T : A->Targets)
        Bind(T, A->Targets.size() == 1 ? A->Value : nullptr);
    } else if (auto *A = dyn_cast<AugAssignStmt>(S)) {
      Bind(A->Target, nullptr);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(S)) {
      Bind(A->Target, nullptr);
    } else if (auto *F = dyn_cast<ForStmt>(S)) {
      Bind(F->Target, nullptr);
      forEachBinding(F->Body, Bind);
      forEachBinding(F->OrElse, Bind);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      forEachBinding(W->Body, Bind);
      forEachBinding(W->OrElse, Bind);
    } else if (auto *I = dyn_cast<IfStmt>(S)) {
      forEachBinding(I->Body, Bind);
      forEachBinding(I->OrElse, Bind);
    }
  }
}

/// Python's builtins that the kernel language does not (yet) provide: using
/// one is "not supported", not "not defined".
bool isPythonBuiltin(const std::string &Name) {
  static const std::set<std::string> Names = {
      "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr",
      "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod", "enumerate",
      "eval", "exec", "filter", "float", "format", "frozenset", "getattr", "globals",
      "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass",
      "iter", "len", "list", "locals", "map", "max", "memoryview", "min", "next", "object",
      "oct", "open", "ord", "pow", "print", "property", "range", "repr", "reversed", "round",
      "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple",
      "type", "vars", "zip", "Exception", "ValueError", "IndexError", "TypeError",
      "RuntimeError", "ZeroDivisionError", "AssertionError", "NotImplemented"};
  return Names.count(Name) != 0;
}

/// The module-level `name = value` (at top level or in the blocks of if,
/// try, with, for and while) whose target \p Target is at \p At, or null.
const AssignStmt *assignmentAt(const StmtList &Module, SourceRange At) {
  std::vector<const StmtList *> Blocks{&Module};
  while (!Blocks.empty()) {
    const StmtList *Body = Blocks.back();
    Blocks.pop_back();
    for (const Stmt *S : *Body) {
      if (auto *A = dyn_cast<AssignStmt>(S)) {
        for (const Expr *T : A->Targets)
          if (auto *N = dyn_cast<NameExpr>(T); N && N->Range.Begin.Offset == At.Begin.Offset)
            return A;
      } else if (auto *I = dyn_cast<IfStmt>(S)) {
        Blocks.push_back(&I->Body);
        Blocks.push_back(&I->OrElse);
      } else if (auto *T = dyn_cast<TryStmt>(S)) {
        Blocks.push_back(&T->Body);
        for (const ExceptHandler &H : T->Handlers)
          Blocks.push_back(&H.Body);
        Blocks.push_back(&T->OrElse);
        Blocks.push_back(&T->FinalBody);
      } else if (auto *W = dyn_cast<WithStmt>(S)) {
        Blocks.push_back(&W->Body);
      } else if (auto *F = dyn_cast<ForStmt>(S)) {
        Blocks.push_back(&F->Body);
        Blocks.push_back(&F->OrElse);
      } else if (auto *W = dyn_cast<WhileStmt>(S)) {
        Blocks.push_back(&W->Body);
        Blocks.push_back(&W->OrElse);
      }
    }
  }
  return nullptr;
}

/// The names \p Value reads, in order, outside lambdas and comprehensions
/// (which have scopes of their own).
std::vector<const NameExpr *> namesRead(const Expr *Value) {
  std::vector<const NameExpr *> Out;
  std::vector<const Expr *> Work{Value};
  while (!Work.empty()) {
    const Expr *E = Work.back();
    Work.pop_back();
    if (!E)
      continue;
    auto Push = [&](const ExprList &L) { Work.insert(Work.end(), L.rbegin(), L.rend()); };
    if (auto *N = dyn_cast<NameExpr>(E)) {
      Out.push_back(N);
    } else if (auto *A = dyn_cast<AttributeExpr>(E)) {
      Work.push_back(A->Value);
    } else if (auto *S = dyn_cast<SubscriptExpr>(E)) {
      Work.push_back(S->Index);
      Work.push_back(S->Value);
    } else if (auto *B = dyn_cast<BinaryExpr>(E)) {
      Work.push_back(B->RHS);
      Work.push_back(B->LHS);
    } else if (auto *U = dyn_cast<UnaryExpr>(E)) {
      Work.push_back(U->Operand);
    } else if (auto *C = dyn_cast<CallExpr>(E)) {
      for (auto K = C->Keywords.rbegin(); K != C->Keywords.rend(); ++K)
        Work.push_back(K->Value);
      Push(C->Args);
      Work.push_back(C->Func);
    } else if (auto *T = dyn_cast<TupleExpr>(E)) {
      Push(T->Elts);
    } else if (auto *L = dyn_cast<ListExpr>(E)) {
      Push(L->Elts);
    } else if (auto *B = dyn_cast<BoolOpExpr>(E)) {
      Push(B->Values);
    } else if (auto *C = dyn_cast<CompareExpr>(E)) {
      Push(C->Comparators);
      Work.push_back(C->Left);
    } else if (auto *I = dyn_cast<IfExpExpr>(E)) {
      Work.push_back(I->OrElse);
      Work.push_back(I->Body);
      Work.push_back(I->Test);
    }
  }
  return Out;
}

class NameChecker {
public:
  NameChecker(const FunctionInfo &Fn, const ModuleScope &Scope, DiagnosticEngine &Diags)
      : Scope(Scope), Diags(Diags), File(Fn.File ? Fn.File : Scope.module().File) {
    for (const Param &P : Fn.Def->Params)
      Locals.insert(P.Name);
    for (const std::string &N : assignedNames(Fn.Def->Body))
      Locals.insert(N);
    addNestedDefs(Fn.Def->Body);
  }

  /// A nested def left unlifted binds its name (the checker then refuses
  /// the def itself, saying why).
  void addNestedDefs(const StmtList &Body) {
    for (const Stmt *S : Body) {
      if (auto *F = dyn_cast<FunctionDefStmt>(S))
        Locals.insert(F->Name);
      else if (auto *Fo = dyn_cast<ForStmt>(S))
        addNestedDefs(Fo->Body), addNestedDefs(Fo->OrElse);
      else if (auto *W = dyn_cast<WhileStmt>(S))
        addNestedDefs(W->Body), addNestedDefs(W->OrElse);
      else if (auto *I = dyn_cast<IfStmt>(S))
        addNestedDefs(I->Body), addNestedDefs(I->OrElse);
    }
  }

  bool run(const StmtList &Body) {
    stmts(Body);
    return Ok;
  }

private:
  void name(const NameExpr &N) {
    if (Locals.count(N.Id))
      return;
    if (const Symbol *S = Scope.lookup(N.Id)) {
      if (S->K != Symbol::Kind::Host)
        return;
      Ok = false;
      if (S->NotInModule) { // Python's ImportError, where a kernel uses it
        Diags.report(File, N.Range, DiagKind::NotInModule, {N.Id, S->Path});
        Diags.report(File, S->DefRange, DiagKind::NoteDefinedHere, {N.Id});
        return;
      }
      Diags.report(File, N.Range, DiagKind::HostOnlyName, {N.Id});
      if (S->HostReason.empty() && noteMisspeltInValue(N.Id, *S))
        return;
      if (!S->HostReason.empty())
        Diags.report(File, S->DefRange, S->HostNote, {N.Id, S->HostReason});
      else
        Diags.report(File, S->DefRange, DiagKind::NoteDefinedHere, {N.Id});
      return;
    }
    if (Scope.resolvePath(N))
      return;
    if (isPythonBuiltin(N.Id)) {
      Ok = false;
      Diags.report(File, N.Range, DiagKind::UnsupportedFunction, {N.Id});
      return;
    }
    Ok = false;
    std::string Hint = Diags.allowSpellingCheck() ? didYouMean(N.Id, namesInScope()) : "";
    Diags.report(File, N.Range, DiagKind::UndefinedName, {N.Id, Hint});
    if (const CallExpr *Exec = Hint.empty() ? Scope.execCall() : nullptr)
      Diags.report(Scope.module().File, Exec->Range, DiagKind::NoteExecDefines, {N.Id});
  }

  /// When the module-level `NAME = value` that made \p Sym host-only reads
  /// a name that is not defined but is near one that is (a misspelling:
  /// Python stops there with a NameError), a note on it with the nearest
  /// spelling. Only misspellings: pykc does not know every name module
  /// code can read.
  bool noteMisspeltInValue(const std::string &Name, const Symbol &Sym) {
    if (Scope.module().File != File || !Diags.allowSpellingCheck())
      return false;
    const AssignStmt *A = assignmentAt(Scope.module().Body, Sym.DefRange);
    if (!A)
      return false;
    for (const NameExpr *Read : namesRead(A->Value)) {
      if (Scope.lookup(Read->Id) || Scope.resolvePath(*Read) || isPythonBuiltin(Read->Id))
        continue;
      std::vector<std::string> Names = Scope.symbolNames();
      for (std::string &B : knownAttributes("builtins"))
        Names.push_back(std::move(B));
      std::string Hint = didYouMean(Read->Id, Names); // one lookup: the first undefined name
      if (Hint.empty())
        return false;
      Diags.report(File, Read->Range, DiagKind::NoteUndefinedInValue, {Name, Read->Id, Hint});
      return true;
    }
    return false;
  }

  /// The names the function's body can see: its locals, the module's names and
  /// the builtins the kernel language has, for "did you mean".
  const std::vector<std::string> &namesInScope() {
    if (InScope.empty()) {
      InScope.assign(Locals.begin(), Locals.end());
      for (std::string &N : Scope.symbolNames())
        InScope.push_back(std::move(N));
      for (std::string &N : knownAttributes("builtins"))
        InScope.push_back(std::move(N));
    }
    return InScope;
  }

  void exprs(const ExprList &Es) {
    for (const Expr *E : Es)
      expr(E);
  }

  void expr(const Expr *E) {
    if (!E)
      return;
    switch (E->Kind) {
    case NodeKind::NameExpr:
      return name(*cast<NameExpr>(E));
    case NodeKind::AttributeExpr:
      return expr(cast<AttributeExpr>(E)->Value);
    case NodeKind::SubscriptExpr:
      expr(cast<SubscriptExpr>(E)->Value);
      return expr(cast<SubscriptExpr>(E)->Index);
    case NodeKind::SliceExpr: {
      auto *S = cast<SliceExpr>(E);
      expr(S->Lower);
      expr(S->Upper);
      return expr(S->Step);
    }
    case NodeKind::TupleExpr:
      return exprs(cast<TupleExpr>(E)->Elts);
    case NodeKind::ListExpr:
      return exprs(cast<ListExpr>(E)->Elts);
    case NodeKind::SetExpr:
      return exprs(cast<SetExpr>(E)->Elts);
    case NodeKind::DictExpr:
      exprs(cast<DictExpr>(E)->Keys);
      return exprs(cast<DictExpr>(E)->Values);
    case NodeKind::UnaryExpr:
      return expr(cast<UnaryExpr>(E)->Operand);
    case NodeKind::BinaryExpr:
      expr(cast<BinaryExpr>(E)->LHS);
      return expr(cast<BinaryExpr>(E)->RHS);
    case NodeKind::BoolOpExpr:
      return exprs(cast<BoolOpExpr>(E)->Values);
    case NodeKind::CompareExpr:
      expr(cast<CompareExpr>(E)->Left);
      return exprs(cast<CompareExpr>(E)->Comparators);
    case NodeKind::IfExpExpr: {
      auto *I = cast<IfExpExpr>(E);
      expr(I->Test);
      expr(I->Body);
      return expr(I->OrElse);
    }
    case NodeKind::CallExpr: {
      auto *C = cast<CallExpr>(E);
      expr(C->Func);
      exprs(C->Args);
      for (const Keyword &K : C->Keywords)
        expr(K.Value);
      return;
    }
    case NodeKind::StarredExpr:
      return expr(cast<StarredExpr>(E)->Value);
    case NodeKind::NamedExprExpr:
      return expr(cast<NamedExprExpr>(E)->Value);
    case NodeKind::AwaitExpr:
      return expr(cast<AwaitExpr>(E)->Value);
    case NodeKind::YieldExpr:
      return expr(cast<YieldExpr>(E)->Value);
    default:
      // Constants, magics; lambdas and comprehensions have scopes of their
      // own and are rejected when the function is typed.
      return;
    }
  }

  void stmts(const StmtList &Body) {
    for (const Stmt *S : Body)
      stmt(S);
  }

  void stmt(const Stmt *S) {
    switch (S->Kind) {
    case NodeKind::ExprStmtStmt:
      return expr(cast<ExprStmtStmt>(S)->Value);
    case NodeKind::AssignStmt:
      for (const Expr *T : cast<AssignStmt>(S)->Targets)
        expr(T);
      return expr(cast<AssignStmt>(S)->Value);
    case NodeKind::AugAssignStmt:
      expr(cast<AugAssignStmt>(S)->Target);
      return expr(cast<AugAssignStmt>(S)->Value);
    case NodeKind::AnnAssignStmt:
      expr(cast<AnnAssignStmt>(S)->Target);
      return expr(cast<AnnAssignStmt>(S)->Value);
    case NodeKind::ForStmt: {
      auto *F = cast<ForStmt>(S);
      expr(F->Target);
      expr(F->Iter);
      stmts(F->Body);
      return stmts(F->OrElse);
    }
    case NodeKind::WhileStmt: {
      auto *W = cast<WhileStmt>(S);
      expr(W->Test);
      stmts(W->Body);
      return stmts(W->OrElse);
    }
    case NodeKind::IfStmt: {
      auto *I = cast<IfStmt>(S);
      expr(I->Test);
      stmts(I->Body);
      return stmts(I->OrElse);
    }
    case NodeKind::ReturnStmt:
      return expr(cast<ReturnStmt>(S)->Value);
    case NodeKind::AssertStmt:
      expr(cast<AssertStmt>(S)->Test);
      return expr(cast<AssertStmt>(S)->Msg);
    default:
      return;
    }
  }

  const ModuleScope &Scope;
  DiagnosticEngine &Diags;
  const SourceFile *File;
  std::set<std::string> Locals;
  std::vector<std::string> InScope; ///< namesInScope(), once.
  bool Ok = true;
};

} // namespace

std::map<std::string, const Expr *> singleAssignments(const StmtList &Body) {
  std::map<std::string, int> Count;
  std::map<std::string, const Expr *> Value, Out;
  forEachBinding(Body, [&](const Expr *Target, const Expr *Assigned) {
    std::vector<std::string> Names;
    std::set<std::string> Seen;
    addTargetNames(Target, Names, Seen);
    for (const std::string &N : Names)
      ++Count[N];
    if (auto *N = dyn_cast<NameExpr>(Target); N && Assigned)
      Value[N->Id] = Assigned;
  });
  for (const auto &[Name, E] : Value)
    if (Count[Name] == 1)
      Out[Name] = E;
  return Out;
}

std::vector<std::string> assignedNames(const StmtList &Body) {
  std::vector<std::string> Out;
  std::set<std::string> Seen;
  forEachBinding(Body, [&](const Expr *Target, const Expr *) { addTargetNames(Target, Out, Seen); });
  return Out;
}

bool checkNames(const FunctionInfo &Fn, const ModuleScope &Scope, DiagnosticEngine &Diags) {
  return NameChecker(Fn, Scope, Diags).run(Fn.Def->Body);
}

} // namespace pykc::ir
