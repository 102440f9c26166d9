//===- ModuleStatements.cpp - Module-level code, run as far as decidable --===//
///
/// \file
/// CPython runs a module's top level before Numba compiles a kernel, so
/// what a kernel sees depends on which branch of an `if` or `try` ran.
/// pykc takes the branch Python would when the condition can be decided
/// without running the program (ModuleValues.h), and otherwise binds the
/// branch's names as host names with a note that says why and how to give
/// them a value (-D).
///
//===----------------------------------------------------------------------===//
#include "ir/ModuleScope.h"

#include "ir/ConstantArrayMath.h"
#include "ir/ModuleValues.h"

namespace pykc::ir {

using namespace frontend;

bool isKnownLibrary(const std::string &Module) {
  std::string Top = Module.substr(0, Module.find('.'));
  static const char *const Known[] = {
      "numba", "numpy", "math", "cmath", "cupy", "sys", "os", "enum", "collections",
      "typing", "operator", "functools", "itertools", "warnings", "packaging", "distutils",
      "platform", "__future__", "dataclasses", "abc", "time", "random", "logging",
      "argparse", "ctypes", "struct", "re", "pathlib", "contextlib", "builtins", "string",
      "inspect", "types", "weakref", "copy", "threading", "numbers", "fractions", "decimal",
      "json", "pickle", "io", "glob", "shutil", "subprocess", "tempfile", "textwrap",
      "traceback", "datetime", "uuid", "hashlib", "importlib", "multiprocessing", "queue",
      "heapq", "bisect", "array", "statistics", "atexit", "gc", "signal", "socket",
      "concurrent", "asyncio", "pprint", "secrets", "zlib", "gzip", "csv", "cffi"};
  for (const char *K : Known)
    if (Top == K)
      return true;
  return false;
}

namespace {

/// The source text of \p E, for messages.
std::string textOf(const SourceFile *File, const Expr &E) {
  return File ? std::string(File->text(E.Range)) : std::string();
}

} // namespace

void ModuleScope::execute(const StmtList &Body) {
  for (const Stmt *S : Body) {
    if (!Parent) // each statement's comprehensions have their own budget
      ComprehensionSteps = 0;
    // What it changes in place first: `X = L.pop()` cannot read L either.
    // A loop's body may run: its changes count too.
    noteChanges(*S, isa<ForStmt>(S) || isa<WhileStmt>(S));
    // set_num_threads(8): the default for prange loops (PYKC_NUM_THREADS
    // overrides it at run time, as NUMBA_NUM_THREADS would).
    if (auto *E = dyn_cast<ExprStmtStmt>(S))
      if (auto *C = dyn_cast<CallExpr>(E->Value);
          C && C->Args.size() == 1 && resolvePath(*C->Func) == "numba.set_num_threads")
        if (auto N = evaluate(*C->Args[0]); N && N->K == ConstantValue::Kind::Int && N->Int > 0)
          NumThreads = unsigned(std::min<int64_t>(N->Int, 1024));
    // exec("V = 5.0"): names pykc cannot see (a kernel's use of one says so).
    if (auto *E = dyn_cast<ExprStmtStmt>(S); E && !ExecCall)
      if (auto *C = dyn_cast<CallExpr>(E->Value))
        if (auto *F = dyn_cast<NameExpr>(C->Func); F && F->Id == "exec" && !lookup("exec"))
          ExecCall = C;
    if (auto *I = dyn_cast<ImportStmt>(S))
      bindImport(*I);
    else if (auto *I = dyn_cast<ImportFromStmt>(S))
      bindImportFrom(*I);
    else if (auto *A = dyn_cast<AssignStmt>(S))
      bindAssignment(*A);
    else if (auto *F = dyn_cast<FunctionDefStmt>(S)) {
      bindFunction(*F);
      bindUserDecorators(*F);
      if (const Symbol *Sym = lookup(F->Name); Sym && Sym->Fn && Sym->Fn->Role == FunctionRole::Host)
        noteFunctionChanges(*F);
    } else if (auto *C = dyn_cast<ClassDefStmt>(S)) {
      bindClass(*C);
      for (const Stmt *Member : C->Body)
        if (auto *F = dyn_cast<FunctionDefStmt>(Member))
          noteFunctionChanges(*F);
    }
    else if (auto *A = dyn_cast<AugAssignStmt>(S))
      executeAugAssign(*A);
    else if (auto *A = dyn_cast<AnnAssignStmt>(S)) {
      // `EPS: float = 1e-6` binds as `EPS = 1e-6` does.
      auto *N = dyn_cast<NameExpr>(A->Target);
      std::optional<ConstantValue> V = N && A->Value ? evaluate(*A->Value) : std::nullopt;
      if (N && applyDefine(N->Id, N->Range))
        continue;
      if (N && V)
        Symbols[N->Id] = Symbol::constant(*V, N->Range);
      else if (A->Value)
        bindHostTargets(A->Target, S->Range);
    } else if (auto *F = dyn_cast<ForStmt>(S)) {
      bindHostTargets(F->Target, S->Range);
      bindSkipped(F->Body, "in a 'for' loop at module level", false);
      bindSkipped(F->OrElse, "in a 'for' loop at module level", false);
    } else if (auto *I = dyn_cast<IfStmt>(S)) {
      executeIf(*I);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      bindSkipped(W->Body, "in a 'while' loop at module level", false);
      bindSkipped(W->OrElse, "in a 'while' loop at module level", false);
    } else if (auto *W = dyn_cast<WithStmt>(S)) {
      // The body runs once (warnings.catch_warnings(), a timer); what the
      // context manager gives (`as f`) is host data.
      for (const WithItem &Item : W->Items)
        bindHostTargets(Item.Vars, S->Range);
      execute(W->Body);
    } else if (auto *T = dyn_cast<TryStmt>(S)) {
      executeTry(*T);
    }
  }
}

void ModuleScope::executeIf(const IfStmt &S) {
  std::optional<ConstantValue> Test = evaluate(*S.Test);
  if (!Test) {
    std::string Why = runDependence(*S.Test);
    std::string Reason = "under a condition pykc cannot decide at compile time ('" +
                         textOf(M.File, *S.Test) + "' on line " +
                         std::to_string(S.Test->Range.Begin.Line) +
                         (Why.empty() ? "" : ", which " + Why) + ")";
    bindSkipped(S.Body, Reason, false);
    bindSkipped(S.OrElse, Reason, false);
    for (const StmtList *Branch : {&S.Body, &S.OrElse}) // either may run
      for (const Stmt *Inner : *Branch)
        noteChanges(*Inner, true);
    return;
  }
  bool Taken = constantTruth(*Test);
  // The branch Python skips binds nothing; its names are remembered only
  // to say why a kernel cannot use them.
  std::string Skipped = "only when '" + textOf(M.File, *S.Test) + "' on line " +
                        std::to_string(S.Test->Range.Begin.Line) + " is " +
                        (Taken ? "false" : "true") + ", and it is not";
  bindSkipped(Taken ? S.OrElse : S.Body, Skipped, true);
  execute(Taken ? S.Body : S.OrElse);
}

void ModuleScope::executeTry(const TryStmt &S) {
  // `try: import cupy ... except ImportError: ...`: the body when its
  // imports resolve, else the first handler that catches an ImportError
  // and whose own imports resolve.
  auto CatchesImportError = [this](const ExceptHandler &H) {
    if (!H.Type)
      return true;
    auto Catches = [this](const Expr &T) {
      auto *N = dyn_cast<NameExpr>(&T);
      if (!N || lookup(N->Id)) // a module's own name shadows the builtin
        return false;
      return N->Id == "ImportError" || N->Id == "ModuleNotFoundError" || N->Id == "Exception" ||
             N->Id == "BaseException";
    };
    if (auto *Tuple = dyn_cast<TupleExpr>(H.Type))
      return std::any_of(Tuple->Elts.begin(), Tuple->Elts.end(),
                         [&](const Expr *E) { return Catches(*E); });
    return Catches(*H.Type);
  };
  if (importsResolve(S.Body)) {
    execute(S.Body);
    execute(S.OrElse);
    for (const ExceptHandler &H : S.Handlers)
      bindSkipped(H.Body, "in an 'except' block that does not run (the 'try' block's imports succeed)", true);
  } else {
    const ExceptHandler *Chosen = nullptr;
    for (const ExceptHandler &H : S.Handlers)
      if (CatchesImportError(H) && importsResolve(H.Body)) {
        Chosen = &H;
        break;
      }
    std::string Failed = "in a 'try' block whose imports pykc cannot resolve";
    bindSkipped(S.Body, Failed, Chosen != nullptr);
    bindSkipped(S.OrElse, Failed, Chosen != nullptr);
    for (const ExceptHandler &H : S.Handlers)
      if (&H != Chosen)
        bindSkipped(H.Body, "in an 'except' block pykc does not take", Chosen != nullptr);
    if (Chosen) {
      if (!Chosen->Name.empty())
        Symbols[Chosen->Name] = Symbol::host(Chosen->Range);
      execute(Chosen->Body);
    }
  }
  execute(S.FinalBody);
}

void ModuleScope::executeAugAssign(const AugAssignStmt &S) {
  auto *N = dyn_cast<NameExpr>(S.Target);
  if (N && applyDefine(N->Id, N->Range))
    return;
  const Symbol *Old = N ? lookup(N->Id) : nullptr;
  if (Old && Old->K == Symbol::Kind::Constant)
    if (auto R = evaluate(*S.Value)) {
      // `W /= W.sum()` writes into the array (ConstantArrayMath.h).
      bool Array = Old->Value.K == ConstantValue::Kind::Array;
      if (auto V = Array ? arrayInPlace(S.Op, Old->Value, *R, Types)
                         : constantBinary(S.Op, Old->Value, *R)) {
        Symbols[N->Id] = Symbol::constant(*V, N->Range);
        return;
      }
    }
  bindHostTargets(S.Target, S.Range);
}

bool ModuleScope::importsResolve(const StmtList &Body) const {
  auto Resolves = [this](const std::string &Module) {
    return isKnownLibrary(Module) || loadModule(Module) != nullptr;
  };
  for (const Stmt *S : Body) {
    if (auto *I = dyn_cast<ImportStmt>(S)) {
      for (const ImportAlias &A : I->Names)
        if (!Resolves(A.Name))
          return false;
    } else if (auto *I = dyn_cast<ImportFromStmt>(S)) {
      auto Module = absoluteModule(I->Level, I->Module);
      if (!Module)
        return false;
      if (I->Level == 0 && isKnownLibrary(*Module))
        continue;
      ModuleScope *Mod = loadModule(*Module);
      if (!Mod)
        return false;
      for (const ImportAlias &A : I->Names)
        if (A.Name != "*" && !Mod->lookup(A.Name) &&
            !loadModule(Module->empty() ? A.Name : *Module + "." + A.Name))
          return false;
    }
  }
  return true;
}

void ModuleScope::bindSkipped(const StmtList &Body, const std::string &Reason, bool Taken) {
  // A name the skipped code binds keeps an earlier binding (Python never
  // ran the rebinding); otherwise it is a host name, with the reason.
  auto BindName = [&](const std::string &Name, SourceRange Range) {
    if (applyDefine(Name, Range))
      return;
    if (Taken && Symbols.count(Name))
      return;
    // Not taken: the name keeps what it had. Undecided: which value holds
    // is the run's choice, so a kernel cannot use it either way.
    Symbols[Name] = Symbol{Symbol::Kind::Host, "", {}, nullptr, Range, "is bound " + Reason,
                           DiagKind::NoteHostValue};
  };
  auto Bind = [&](const Expr *Target) {
    forEachTargetName(Target, [&](const NameExpr &N) { BindName(N.Id, N.Range); });
  };
  for (const Stmt *S : Body) {
    if (auto *A = dyn_cast<AssignStmt>(S)) {
      for (const Expr *T : A->Targets)
        Bind(T);
    } else if (auto *A = dyn_cast<AugAssignStmt>(S)) {
      Bind(A->Target);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(S)) {
      if (A->Value)
        Bind(A->Target);
    } else if (auto *F = dyn_cast<FunctionDefStmt>(S)) {
      BindName(F->Name, F->NameRange);
    } else if (auto *C = dyn_cast<ClassDefStmt>(S)) {
      BindName(C->Name, C->NameRange);
    } else if (auto *I = dyn_cast<ImportStmt>(S)) {
      for (const ImportAlias &A : I->Names)
        BindName(A.AsName.empty() ? A.Name.substr(0, A.Name.find('.')) : A.AsName, A.Range);
    } else if (auto *I = dyn_cast<ImportFromStmt>(S)) {
      for (const ImportAlias &A : I->Names)
        if (A.Name != "*")
          BindName(A.AsName.empty() ? A.Name : A.AsName, A.Range);
    } else if (auto *F = dyn_cast<ForStmt>(S)) {
      Bind(F->Target);
      bindSkipped(F->Body, Reason, Taken);
      bindSkipped(F->OrElse, Reason, Taken);
    } else if (auto *I = dyn_cast<IfStmt>(S)) {
      bindSkipped(I->Body, Reason, Taken);
      bindSkipped(I->OrElse, Reason, Taken);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      bindSkipped(W->Body, Reason, Taken);
      bindSkipped(W->OrElse, Reason, Taken);
    } else if (auto *W = dyn_cast<WithStmt>(S)) {
      for (const WithItem &Item : W->Items)
        Bind(Item.Vars);
      bindSkipped(W->Body, Reason, Taken);
    } else if (auto *T = dyn_cast<TryStmt>(S)) {
      bindSkipped(T->Body, Reason, Taken);
      for (const ExceptHandler &H : T->Handlers)
        bindSkipped(H.Body, Reason, Taken);
      bindSkipped(T->OrElse, Reason, Taken);
      bindSkipped(T->FinalBody, Reason, Taken);
    }
  }
}

bool ModuleScope::applyDefine(const std::string &Name, SourceRange Range) {
  auto It = Options.Defines.find(Name);
  if (It == Options.Defines.end())
    return false;
  UsedDefines.insert(Name);
  Symbols[Name] = Symbol::constant(It->second, Range);
  return true;
}

std::string ModuleScope::runDependence(const Expr &E) const {
  // Walk the expression for a name the run decides.
  std::vector<const Expr *> Work{&E};
  while (!Work.empty()) {
    const Expr *X = Work.back();
    Work.pop_back();
    if (!X)
      continue;
    if (isa<NameExpr>(X) || isa<AttributeExpr>(X)) {
      if (auto Path = resolvePath(*X)) {
        static const std::pair<const char *, const char *> Sources[] = {
            {"sys.argv", "reads the command line (sys.argv)"},
            {"os.environ", "reads the environment (os.environ)"},
            {"os.getenv", "reads the environment (os.getenv)"},
            {"builtins.input", "reads standard input"},
            {"builtins.open", "reads a file"},
            {"random.", "draws random numbers"},
            {"numpy.random.", "draws random numbers"},
            {"time.", "reads the clock"},
            {"numba.cuda.get_current_device", "asks the GPU of the run"},
            {"numba.cuda.current_context", "asks the GPU of the run"},
            {"numba.cuda.detect", "asks the GPU of the run"},
            {"cupy.cuda", "asks the GPU of the run"},
        };
        for (const auto &[Prefix, Why] : Sources)
          if (Path->rfind(Prefix, 0) == 0)
            return Why;
      }
    }
    if (auto *A = dyn_cast<AttributeExpr>(X))
      Work.push_back(A->Value);
    else if (auto *C = dyn_cast<CallExpr>(X)) {
      Work.push_back(C->Func);
      Work.insert(Work.end(), C->Args.begin(), C->Args.end());
      for (const Keyword &K : C->Keywords)
        Work.push_back(K.Value);
    } else if (auto *S = dyn_cast<SubscriptExpr>(X)) {
      Work.push_back(S->Value);
      Work.push_back(S->Index);
    } else if (auto *B = dyn_cast<BinaryExpr>(X)) {
      Work.push_back(B->LHS);
      Work.push_back(B->RHS);
    } else if (auto *U = dyn_cast<UnaryExpr>(X)) {
      Work.push_back(U->Operand);
    } else if (auto *B = dyn_cast<BoolOpExpr>(X)) {
      Work.insert(Work.end(), B->Values.begin(), B->Values.end());
    } else if (auto *C = dyn_cast<CompareExpr>(X)) {
      Work.push_back(C->Left);
      Work.insert(Work.end(), C->Comparators.begin(), C->Comparators.end());
    } else if (auto *I = dyn_cast<IfExpExpr>(X)) {
      Work.push_back(I->Test);
      Work.push_back(I->Body);
      Work.push_back(I->OrElse);
    } else if (auto *T = dyn_cast<TupleExpr>(X)) {
      Work.insert(Work.end(), T->Elts.begin(), T->Elts.end());
    } else if (auto *Name = dyn_cast<NameExpr>(X)) {
      // A module variable that is itself run-dependent.
      if (const Symbol *S = lookup(Name->Id);
          S && S->K == Symbol::Kind::Host && S->HostNote == DiagKind::NoteHostValue &&
          S->HostReason.rfind("is assigned a value that ", 0) == 0)
        return S->HostReason.substr(std::string("is assigned a value that ").size());
    }
  }
  return "";
}

void ModuleScope::discoverRuntimeKernels() {
  // The host functions' bodies, walked without recursion.
  std::vector<const Stmt *> Stmts;
  for (const auto &Fn : Functions)
    if (Fn->Role == FunctionRole::Host && !Fn->Synthetic)
      Stmts.insert(Stmts.end(), Fn->Def->Body.begin(), Fn->Def->Body.end());
  std::vector<const Expr *> Exprs;
  while (!Stmts.empty()) {
    const Stmt *S = Stmts.back();
    Stmts.pop_back();
    auto Body = [&](const StmtList &L) { Stmts.insert(Stmts.end(), L.begin(), L.end()); };
    if (auto *E = dyn_cast<ExprStmtStmt>(S))
      Exprs.push_back(E->Value);
    else if (auto *A = dyn_cast<AssignStmt>(S))
      Exprs.push_back(A->Value);
    else if (auto *A = dyn_cast<AugAssignStmt>(S))
      Exprs.push_back(A->Value);
    else if (auto *R = dyn_cast<ReturnStmt>(S))
      Exprs.push_back(R->Value);
    else if (auto *I = dyn_cast<IfStmt>(S)) {
      Body(I->Body);
      Body(I->OrElse);
    } else if (auto *F = dyn_cast<ForStmt>(S)) {
      Body(F->Body);
      Body(F->OrElse);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      Body(W->Body);
      Body(W->OrElse);
    } else if (auto *W = dyn_cast<WithStmt>(S)) {
      Body(W->Body);
    } else if (auto *T = dyn_cast<TryStmt>(S)) {
      Body(T->Body);
      for (const ExceptHandler &H : T->Handlers)
        Body(H.Body);
      Body(T->OrElse);
      Body(T->FinalBody);
    } else if (auto *F = dyn_cast<FunctionDefStmt>(S)) {
      Body(F->Body);
    }
  }
  RuntimeSignatures = true;
  while (!Exprs.empty()) {
    const Expr *E = Exprs.back();
    Exprs.pop_back();
    if (!E)
      continue;
    if (auto *C = dyn_cast<CallExpr>(E)) {
      Exprs.push_back(C->Func);
      Exprs.insert(Exprs.end(), C->Args.begin(), C->Args.end());
      for (const Keyword &K : C->Keywords)
        Exprs.push_back(K.Value);
      auto Call = decoratorCallOf(*C);
      Symbol *Sym = Call && !Call->Name.empty() ? &Symbols[Call->Name] : nullptr;
      if (!Sym || Sym->Fn->Role != FunctionRole::Host)
        continue;
      applyDecorator(*Sym->Fn, *Call->Decorator, Call->Path);
      if (Sym->Fn->Role != FunctionRole::Host)
        Sym->K = Symbol::Kind::Function;
    } else if (auto *A = dyn_cast<AttributeExpr>(E)) {
      Exprs.push_back(A->Value);
    } else if (auto *Sub = dyn_cast<SubscriptExpr>(E)) {
      Exprs.push_back(Sub->Value);
      Exprs.push_back(Sub->Index);
    } else if (auto *T = dyn_cast<TupleExpr>(E)) {
      Exprs.insert(Exprs.end(), T->Elts.begin(), T->Elts.end());
    } else if (auto *L = dyn_cast<ListExpr>(E)) {
      Exprs.insert(Exprs.end(), L->Elts.begin(), L->Elts.end());
    } else if (auto *B = dyn_cast<BinaryExpr>(E)) {
      Exprs.push_back(B->LHS);
      Exprs.push_back(B->RHS);
    } else if (auto *I = dyn_cast<IfExpExpr>(E)) {
      Exprs.push_back(I->Body);
      Exprs.push_back(I->OrElse);
    }
  }
  RuntimeSignatures = false;
}

} // namespace pykc::ir
