//===- ModuleChanges.cpp - Module constants that other code changes -------===//
///
/// \file
/// Numba freezes a module's globals when it compiles a kernel, after the
/// module's code (and whatever ran before the first launch) has run. pykc
/// evaluates module code without running it, so a list, dict or array that
/// code changes in place (`L.append(x)`, `W.fill(0)`, `del L[0]`, `f(W)`, a
/// store through another name for it), or a name a function rebinds
/// through `global` or `globals()`, would be frozen with a stale value.
/// Each such name becomes a host name whose note says what changes it, so
/// what would have been wrong numbers is a located error with a way out
/// (-D).
///
//===----------------------------------------------------------------------===//
#include "ir/ModuleScope.h"

#include "frontend/ASTWalk.h"

#include <set>

namespace pykc::ir {

using namespace frontend;

namespace {

/// What changes in place: lists, dicts and arrays.
bool isMutable(const ConstantValue &V) {
  return V.K == ConstantValue::Kind::List || V.K == ConstantValue::Kind::Dict ||
         V.K == ConstantValue::Kind::Array;
}

/// Methods of lists, dicts, strings, tuples and arrays that leave the
/// object they are called on as it was (anything else may change it).
bool leavesReceiver(const std::string &Method) {
  static const std::set<std::string> Methods = {
      "index", "count", "copy", "get", "keys", "values", "items", "sum", "mean", "max",
      "min", "astype", "tolist", "std", "var", "prod", "any", "all", "argmax", "argmin",
      "dot", "item", "nonzero", "cumsum", "cumprod", "round", "clip", "reshape", "ravel",
      "flatten", "transpose", "squeeze", "view", "swapaxes", "tobytes", "conj",
      "conjugate", "argsort", "searchsorted", "trace", "diagonal", "repeat", "take",
      "compress", "format", "join", "split", "rsplit", "strip", "lstrip", "rstrip", "lower",
      "upper", "startswith", "endswith", "replace", "encode", "decode", "find", "rfind",
      "splitlines", "isdigit", "isalpha", "isnumeric", "zfill", "ljust", "rjust", "center",
      "partition", "rpartition", "title", "capitalize", "casefold", "removeprefix",
      "removesuffix", "__len__", "__getitem__", "__contains__"};
  return Methods.count(Method) != 0;
}

/// Methods whose result shares the object they are called on (a view).
bool givesView(const std::string &Method) {
  static const std::set<std::string> Methods = {"reshape", "ravel", "view", "transpose",
                                                "squeeze", "swapaxes", "diagonal"};
  return Methods.count(Method) != 0;
}

/// Library functions that return their argument's object, or a view of it.
bool libraryGivesView(const std::string &Path) {
  static const std::set<std::string> Paths = {
      "numpy.asarray", "numpy.asanyarray", "numpy.reshape", "numpy.ravel",
      "numpy.transpose", "numpy.squeeze", "numpy.atleast_1d", "numpy.atleast_2d",
      "numpy.atleast_3d", "numpy.ascontiguousarray", "numpy.asfortranarray",
      "numpy.swapaxes", "numpy.moveaxis", "numpy.expand_dims"};
  return Paths.count(Path) != 0;
}

/// Library functions that change an argument in place; the others (NumPy,
/// math, numba, print, plotting, logging) only read theirs, but for `out=`.
bool libraryChangesArgument(const std::string &Path) {
  static const std::set<std::string> Paths = {
      "numpy.copyto", "numpy.put", "numpy.place", "numpy.putmask", "numpy.fill_diagonal",
      "numpy.put_along_axis", "numpy.random.shuffle", "random.shuffle", "operator.setitem",
      "operator.delitem", "operator.iadd", "operator.isub", "operator.imul",
      "operator.itruediv", "operator.ifloordiv", "operator.imod", "operator.ior",
      "operator.iand", "operator.ixor", "heapq.heappush", "heapq.heappop", "heapq.heapify",
      "heapq.heapreplace", "heapq.heappushpop", "bisect.insort", "bisect.insort_left",
      "bisect.insort_right", "builtins.setattr", "builtins.delattr"};
  return Paths.count(Path) != 0;
}

/// The name under `a`, `a[i]`, `a.b[i].c`, `a.reshape(2, 2)[0]`, or null.
const NameExpr *rootName(const Expr *E) {
  while (E) {
    if (auto *N = dyn_cast<NameExpr>(E))
      return N;
    if (auto *S = dyn_cast<SubscriptExpr>(E))
      E = S->Value;
    else if (auto *A = dyn_cast<AttributeExpr>(E))
      E = A->Value;
    else if (auto *C = dyn_cast<CallExpr>(E);
             C && isa<AttributeExpr>(C->Func) && givesView(cast<AttributeExpr>(C->Func)->Attr))
      E = cast<AttributeExpr>(C->Func)->Value;
    else
      return nullptr;
  }
  return nullptr;
}

/// \p E's text on one line, cut to about 40 characters, for a note.
std::string shortText(const SourceFile *File, const Expr &E) {
  std::string Text = File ? std::string(File->text(E.Range)) : std::string();
  for (char &C : Text)
    if (C == '\n' || C == '\r' || C == '\t')
      C = ' ';
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  return Text;
}

bool isCallOf(const Expr *E, const char *Name) {
  auto *C = (E ? dyn_cast<CallExpr>(E) : nullptr);
  auto *F = C ? dyn_cast<NameExpr>(C->Func) : nullptr;
  return F && F->Id == Name && C->Args.empty();
}

/// The module namespace itself: `globals()`, `vars()`,
/// `sys.modules[__name__]`.
bool isNamespace(const ModuleScope &Scope, const Expr *E) {
  if (isCallOf(E, "globals") || isCallOf(E, "vars"))
    return true;
  auto *S = (E ? dyn_cast<SubscriptExpr>(E) : nullptr);
  return S && Scope.resolvePath(*S->Value) == "sys.modules";
}

} // namespace

/// Walks code for what it changes of the module's names: the code of the
/// module itself (its names are all global) or of a host function (its
/// parameters and assigned names are its own, but for `global` ones).
class ModuleScope::ChangeFinder {
public:
  struct Change {
    std::string Name;     ///< "" for every name (a computed globals() key).
    bool Rebinds = false; ///< Rebound (any constant), else changed in place.
    const Expr *What = nullptr;
    /// The name the code used: Name, or another for the same object.
    std::string Through;
    bool Store = false; ///< What is a store's target (or a `global` name).
  };

  /// \p Shared: which name's object each name shares (`B = A`, a view of
  /// A), kept up to date by the walk; \p Shareable says whether a name's
  /// object can be shared (a list, dict or array).
  ChangeFinder(const ModuleScope &Scope, std::set<std::string> Locals,
               std::set<std::string> Globals, std::map<std::string, std::string> &Shared,
               std::function<bool(const std::string &)> Shareable)
      : Scope(Scope), Locals(std::move(Locals)), Globals(std::move(Globals)), Shared(Shared),
        Shareable(std::move(Shareable)) {}

  std::vector<Change> Changes;
  /// The names that began sharing an object in the walk.
  std::vector<std::string> NewShares;

  /// \p S's own expressions and targets; with \p Nested, its blocks too.
  void stmt(const Stmt &S, bool Nested) {
    if (auto *A = dyn_cast<AssignStmt>(&S)) {
      for (const Expr *T : A->Targets)
        store(T, A->Targets.size() == 1 ? A->Value : nullptr, true);
    } else if (auto *A = dyn_cast<AugAssignStmt>(&S)) {
      store(A->Target, nullptr, false);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(&S)) {
      if (A->Value)
        store(A->Target, A->Value, true);
    } else if (auto *D = dyn_cast<DeleteStmt>(&S)) {
      for (const Expr *T : D->Targets)
        store(T, nullptr, true);
    } else if (auto *F = dyn_cast<ForStmt>(&S)) {
      store(F->Target, nullptr, true);
    } else if (auto *W = dyn_cast<WithStmt>(&S)) {
      for (const WithItem &I : W->Items)
        store(I.Vars, nullptr, true);
    }
    // The walk only reads; the visitor's slots are writable for others.
    forEachPart(
        const_cast<Stmt &>(S), [&](Expr *&E) { expr(*E); },
        [&](StmtList &Block) {
          if (Nested)
            for (const Stmt *Inner : Block)
              stmt(*Inner, true);
        });
  }

private:
  /// The module name whose object \p N denotes here (itself, or what it
  /// shares), or null for a function's own variable.
  const std::string *globalOf(const NameExpr &N) const {
    if (auto It = Shared.find(N.Id); It != Shared.end())
      return &It->second;
    if (Locals.count(N.Id) && !Globals.count(N.Id))
      return nullptr;
    return &N.Id;
  }

  void changed(const NameExpr &N, bool Rebinds, const Expr &What, bool Store = false) {
    if (const std::string *G = globalOf(N))
      Changes.push_back({*G, Rebinds, &What, N.Id, Store});
  }

  void changedAll(const Expr &What) { Changes.push_back({"", true, &What, ""}); }

  /// A binding or store of \p T (from \p Value, when one `=` gives it).
  void store(const Expr *T, const Expr *Value, bool Plain) {
    if (!T)
      return;
    if (auto *N = dyn_cast<NameExpr>(T)) {
      if (Globals.count(N->Id)) { // a function's `global N`: the module's N
        changed(*N, true, *T, true);
        return;
      }
      if (!Plain) { // `N += x` changes a list's or an array's object
        changed(*N, false, *T, true);
        return;
      }
      Shared.erase(N->Id);
      if (const NameExpr *From = Value ? sharedFrom(*Value) : nullptr)
        if (const std::string *G = globalOf(*From); G && *G != N->Id && Shareable(*G)) {
          Shared[N->Id] = *G;
          NewShares.push_back(N->Id);
        }
      return;
    }
    if (isa<TupleExpr>(T) || isa<ListExpr>(T) || isa<StarredExpr>(T)) {
      std::vector<const Expr *> Parts;
      if (auto *Tu = dyn_cast<TupleExpr>(T))
        Parts.assign(Tu->Elts.begin(), Tu->Elts.end());
      else if (auto *L = dyn_cast<ListExpr>(T))
        Parts.assign(L->Elts.begin(), L->Elts.end());
      else
        Parts.push_back(cast<StarredExpr>(T)->Value);
      for (const Expr *P : Parts)
        store(P, nullptr, true);
      return;
    }
    // `globals()["K"] = v`: rebinds K (or, with a computed key, any name).
    if (auto *S = dyn_cast<SubscriptExpr>(T); S && isNamespace(Scope, S->Value)) {
      rebindByKey(S->Index, *T);
      return;
    }
    if (auto *A = dyn_cast<AttributeExpr>(T); A && isNamespace(Scope, A->Value)) {
      Changes.push_back({A->Attr, true, T, A->Attr, true});
      return;
    }
    // `W[0] = v`, `cfg.x = v`, `del L[0]`: W's object changes.
    if (const NameExpr *Root = rootName(T))
      changed(*Root, false, *T, true);
  }

  /// The name whose object \p Value is, or a view of: `W`, `W.T`, `W[1:]`,
  /// `W.reshape(...)`, `np.asarray(W)`.
  const NameExpr *sharedFrom(const Expr &Value) const {
    if (auto *N = dyn_cast<NameExpr>(&Value))
      return N;
    if (auto *A = dyn_cast<AttributeExpr>(&Value);
        A && (A->Attr == "T" || A->Attr == "real" || A->Attr == "imag" || A->Attr == "flat"))
      return dyn_cast<NameExpr>(A->Value);
    if (auto *S = dyn_cast<SubscriptExpr>(&Value))
      return dyn_cast<NameExpr>(S->Value);
    if (auto *C = dyn_cast<CallExpr>(&Value)) {
      if (auto *A = dyn_cast<AttributeExpr>(C->Func); A && givesView(A->Attr))
        if (auto *N = dyn_cast<NameExpr>(A->Value); N && !Scope.resolvePath(*N))
          return N;
      if (auto P = Scope.resolvePath(*C->Func); P && libraryGivesView(*P) && !C->Args.empty())
        return dyn_cast<NameExpr>(C->Args[0]);
    }
    return nullptr;
  }

  void rebindByKey(const Expr *Key, const Expr &What) {
    std::optional<ConstantValue> K = Key ? Scope.evaluate(*Key) : std::nullopt;
    if (K && K->K == ConstantValue::Kind::String)
      Changes.push_back({K->String, true, &What, K->String});
    else
      changedAll(What);
  }

  void expr(const Expr &E) {
    if (auto *C = dyn_cast<CallExpr>(&E))
      call(*C);
    forEachChild(const_cast<Expr &>(E), [&](Expr *&Child) { expr(*Child); });
  }

  void call(const CallExpr &C) {
    auto Arguments = [&]() {
      for (const Expr *A : C.Args) {
        if (auto *St = dyn_cast<StarredExpr>(A))
          A = St->Value;
        if (auto *N = dyn_cast<NameExpr>(A))
          changed(*N, false, C);
      }
      for (const Keyword &K : C.Keywords)
        if (auto *N = (K.Value ? dyn_cast<NameExpr>(K.Value) : nullptr))
          changed(*N, false, C);
    };
    // `out=W` writes W, whatever the function.
    for (const Keyword &K : C.Keywords)
      if (K.Name == "out" && K.Value)
        if (const NameExpr *N = rootName(K.Value))
          changed(*N, false, C);
    if (auto *F = dyn_cast<NameExpr>(C.Func);
        F && !Scope.lookup(F->Id) && !Locals.count(F->Id)) {
      if (F->Id == "exec")
        return changedAll(C);
      // setattr(sys.modules[__name__], "K", v)
      if (F->Id == "setattr" && C.Args.size() >= 2 && isNamespace(Scope, C.Args[0]))
        return rebindByKey(C.Args[1], C);
      if (F->Id == "setattr" || F->Id == "delattr") {
        if (!C.Args.empty())
          if (const NameExpr *N = rootName(C.Args[0]))
            changed(*N, false, C);
        return;
      }
      return; // Python's other builtins only read their arguments
    }
    if (auto Path = Scope.resolvePath(*C.Func)) {
      if (libraryChangesArgument(*Path))
        Arguments();
      return;
    }
    auto *Method = dyn_cast<AttributeExpr>(C.Func);
    if (!Method) { // a function of the module, a kernel launch, a class
      Arguments();
      return;
    }
    // globals().update(K=v), globals().pop("K"), ...
    if (isNamespace(Scope, Method->Value)) {
      if (leavesReceiver(Method->Attr))
        return;
      if (Method->Attr == "update" && C.Args.empty()) {
        for (const Keyword &K : C.Keywords)
          Changes.push_back({K.Name, true, &C, K.Name});
        return;
      }
      if (!C.Args.empty() && Method->Attr != "update")
        return rebindByKey(C.Args[0], C);
      return changedAll(C);
    }
    const NameExpr *Receiver = rootName(Method->Value);
    if (Receiver && !Locals.count(Receiver->Id))
      if (const Symbol *S = Scope.lookup(Receiver->Id);
          S && S->K == Symbol::Kind::Constant && S->Value.K == ConstantValue::Kind::String)
        return; // string methods make new strings
    if (leavesReceiver(Method->Attr))
      return;
    if (Receiver)
      changed(*Receiver, false, C);
    Arguments(); // `L.append(W)`: L now holds W, which may change through it
  }

  const ModuleScope &Scope;
  std::set<std::string> Locals;
  std::set<std::string> Globals;
  std::map<std::string, std::string> &Shared;
  std::function<bool(const std::string &)> Shareable;
};

namespace {

/// The names a function binds of its own (parameters, assignment, `for`
/// and `with` targets, imports, nested definitions) and those it declares
/// `global`.
void ownNames(const FunctionDefStmt &F, std::set<std::string> &Locals,
              std::set<std::string> &Globals) {
  for (const Param &P : F.Params)
    Locals.insert(P.Name);
  std::function<void(const Expr *)> Target = [&](const Expr *T) {
    if (!T)
      return;
    if (auto *N = dyn_cast<NameExpr>(T))
      Locals.insert(N->Id);
    else if (auto *Tu = dyn_cast<TupleExpr>(T))
      for (const Expr *E : Tu->Elts)
        Target(E);
    else if (auto *L = dyn_cast<ListExpr>(T))
      for (const Expr *E : L->Elts)
        Target(E);
    else if (auto *S = dyn_cast<StarredExpr>(T))
      Target(S->Value);
  };
  forEachStmt(const_cast<StmtList &>(F.Body), [&](Stmt &S) {
    if (auto *G = dyn_cast<GlobalStmt>(&S); G && !G->IsNonlocal)
      Globals.insert(G->Names.begin(), G->Names.end());
    else if (auto *A = dyn_cast<AssignStmt>(&S))
      for (const Expr *T : A->Targets)
        Target(T);
    else if (auto *A = dyn_cast<AugAssignStmt>(&S))
      Target(A->Target);
    else if (auto *A = dyn_cast<AnnAssignStmt>(&S))
      Target(A->Target);
    else if (auto *Fo = dyn_cast<ForStmt>(&S))
      Target(Fo->Target);
    else if (auto *W = dyn_cast<WithStmt>(&S)) {
      for (const WithItem &I : W->Items)
        Target(I.Vars);
    } else if (auto *T = dyn_cast<TryStmt>(&S)) {
      for (const ExceptHandler &H : T->Handlers)
        if (!H.Name.empty())
          Locals.insert(H.Name);
    } else if (auto *D = dyn_cast<FunctionDefStmt>(&S))
      Locals.insert(D->Name);
    else if (auto *C = dyn_cast<ClassDefStmt>(&S))
      Locals.insert(C->Name);
    else if (auto *I = dyn_cast<ImportStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Locals.insert(A.AsName.empty() ? A.Name.substr(0, A.Name.find('.')) : A.AsName);
    } else if (auto *I = dyn_cast<ImportFromStmt>(&S)) {
      for (const ImportAlias &A : I->Names)
        Locals.insert(A.AsName.empty() ? A.Name : A.AsName);
    }
  });
}

/// Whether \p F may be compiled by Numba (its body is then a kernel's,
/// which cannot change module constants): a decorator other than Python's
/// own method and caching ones, or its name passed to a call anywhere
/// (`cuda.jit(sig)(fn)`, also inside host code).
bool mayBeCompiled(const FunctionDefStmt &F, const std::set<std::string> &PassedToCalls) {
  static const std::set<std::string> HostDecorators = {
      "staticmethod", "classmethod", "property", "functools", "lru_cache", "cache",
      "cached_property", "contextlib", "contextmanager", "abstractmethod", "abc", "wraps",
      "setter", "getter", "deleter"};
  for (const Expr *D : F.Decorators) {
    const Expr *Root = isa<CallExpr>(D) ? cast<CallExpr>(D)->Func : D;
    std::string Last;
    if (auto *N = dyn_cast<NameExpr>(Root))
      Last = N->Id;
    else if (auto *A = dyn_cast<AttributeExpr>(Root))
      Last = A->Attr;
    if (!HostDecorators.count(Last))
      return true;
  }
  return F.LiftedFrom || PassedToCalls.count(F.Name);
}

} // namespace

void ModuleScope::noteFunctionChanges(const FunctionDefStmt &F) {
  if (PassedToCalls.empty()) { // once: names host code may compile
    PassedToCalls.insert(""); // (computed)
    forEachExpr(const_cast<StmtList &>(M.Body), [&](Expr &E) {
      if (auto *C = dyn_cast<CallExpr>(&E))
        for (const Expr *A : C->Args) {
          if (auto *N = dyn_cast<NameExpr>(A))
            PassedToCalls.insert(N->Id);
          else if (auto *At = dyn_cast<AttributeExpr>(A))
            PassedToCalls.insert(At->Attr);
        }
    });
  }
  if (mayBeCompiled(F, PassedToCalls))
    return;
  // The function and those written inside it, each with its own names.
  std::vector<const FunctionDefStmt *> Work{&F};
  while (!Work.empty()) {
    const FunctionDefStmt *Fn = Work.back();
    Work.pop_back();
    forEachStmt(const_cast<StmtList &>(Fn->Body), [&](Stmt &S) {
      if (auto *Inner = dyn_cast<FunctionDefStmt>(&S); Inner && !mayBeCompiled(*Inner, {}))
        Work.push_back(Inner);
    });
    std::set<std::string> Locals, Globals;
    ownNames(*Fn, Locals, Globals);
    std::map<std::string, std::string> Shared;
    ChangeFinder Finder(*this, std::move(Locals), std::move(Globals), Shared,
                        [](const std::string &) { return true; });
    for (const Stmt *S : Fn->Body)
      Finder.stmt(*S, true);
    for (const ChangeFinder::Change &C : Finder.Changes) {
      std::string Line = std::to_string(C.What->Range.Begin.Line);
      std::string Why =
          isa<NameExpr>(C.What)
              ? "may be rebound by function '" + Fn->Name + "' through 'global " + C.Through +
                    "' (line " + Line + "), which pykc does not run"
              : std::string(C.Rebinds ? "may be rebound" : "may be changed in place") +
                    " by function '" + Fn->Name + "' (" + (C.Store ? "the store to '" : "'") +
                    shortText(M.File, *C.What) + "' on line " + Line + "), which pykc does not run";
      FunctionChange Change{Symbol{Symbol::Kind::Host, "", {}, nullptr, C.What->Range, Why,
                                   DiagKind::NoteHostValue},
                            C.Rebinds};
      if (C.Name.empty()) {
        if (!AnyChangedByFunction)
          AnyChangedByFunction = Change;
        continue;
      }
      // Every module name of the object changes with it.
      auto Members = SharedMembers.find(SharedRoot.count(C.Name) ? SharedRoot[C.Name] : C.Name);
      ChangedByFunctions.emplace(C.Name, Change);
      if (Members != SharedMembers.end()) {
        ChangedByFunctions.emplace(Members->first, Change);
        for (const std::string &Name : Members->second)
          ChangedByFunctions.emplace(Name, Change);
      }
    }
  }
}

void ModuleScope::noteChanges(const Stmt &S, bool Nested) {
  ChangeFinder Finder(*this, {}, {}, SharedRoot, [this](const std::string &Name) {
    const Symbol *Sym = lookup(Name);
    return Sym && Sym->K == Symbol::Kind::Constant && isMutable(Sym->Value);
  });
  Finder.stmt(S, Nested);
  for (const ChangeFinder::Change &C : Finder.Changes) {
    std::string Why = std::string(C.Rebinds ? "is rebound" : "is changed in place") + " by " +
                      (C.Store ? "the store to '" : "'") + shortText(M.File, *C.What) +
                      "' on line " + std::to_string(C.What->Range.Begin.Line) +
                      (C.Through == C.Name ? "" : " (through '" + C.Through + "')") +
                      ", which pykc does not follow";
    Symbol Host{Symbol::Kind::Host, "", {}, nullptr, C.What->Range, Why, DiagKind::NoteHostValue};
    // `N += x` itself: executeAugAssign works out N's own value.
    const std::string Skip = isa<NameExpr>(C.What) ? C.Through : "";
    auto Change = [&](const std::string &Name) {
      auto It = Symbols.find(Name);
      if (Name == Skip || It == Symbols.end() || It->second.K != Symbol::Kind::Constant ||
          Options.Defines.count(Name))
        return;
      if (C.Rebinds || isMutable(It->second.Value))
        It->second = Host;
    };
    if (C.Name.empty()) {
      for (auto &[Name, Sym] : Symbols)
        if (Name != "__name__" && Name != "__file__")
          Change(Name);
      continue;
    }
    Change(C.Name);
    if (auto Members = SharedMembers.find(C.Name); Members != SharedMembers.end())
      for (const std::string &Name : Members->second)
        Change(Name);
  }
  // The names that began sharing an object: the other names of the object
  // see its changes, and a function's change of one holds for all.
  for (const std::string &Name : Finder.NewShares) {
    const std::string &Root = SharedRoot[Name];
    SharedMembers[Root].insert(Name);
    if (auto It = ChangedByFunctions.find(Root); It != ChangedByFunctions.end())
      ChangedByFunctions.emplace(Name, It->second);
  }
}

const Symbol *ModuleScope::changedByFunction(const std::string &Name,
                                             const Symbol &Bound) const {
  if (Bound.K != Symbol::Kind::Constant || Options.Defines.count(Name))
    return nullptr;
  if (auto It = ChangedByFunctions.find(Name); It != ChangedByFunctions.end())
    if (It->second.Rebinds || isMutable(Bound.Value))
      return &It->second.Host;
  if (AnyChangedByFunction && Name != "__name__" && Name != "__file__")
    return &AnyChangedByFunction->Host;
  return nullptr;
}

} // namespace pykc::ir
