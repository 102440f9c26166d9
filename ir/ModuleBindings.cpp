//===- ModuleBindings.cpp - Imports and assignments bind names ------------===//
#include "ir/ModuleScope.h"

#include "ir/ConstantArray.h"
#include "ir/ModuleValues.h"
#include "ir/RandomHelpers.h"
#include "ir/RecordDtype.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;

void ModuleScope::forEachTargetName(const Expr *Target,
                                    const std::function<void(const NameExpr &)> &Bind) {
  std::vector<const Expr *> Work{Target};
  while (!Work.empty()) {
    const Expr *E = Work.back();
    Work.pop_back();
    if (!E)
      continue;
    if (auto *N = dyn_cast<NameExpr>(E))
      Bind(*N);
    else if (auto *T = dyn_cast<TupleExpr>(E))
      Work.insert(Work.end(), T->Elts.rbegin(), T->Elts.rend());
    else if (auto *L = dyn_cast<ListExpr>(E))
      Work.insert(Work.end(), L->Elts.rbegin(), L->Elts.rend());
    else if (auto *S = dyn_cast<StarredExpr>(E))
      Work.push_back(S->Value);
  }
}

void ModuleScope::bindHostTargets(const Expr *Target, SourceRange) {
  forEachTargetName(Target, [this](const NameExpr &N) {
    Symbols[N.Id] = Symbol::host(N.Range);
  });
}

std::string ModuleScope::displayFile() const {
  std::string Path = Options.DottedName;
  std::replace(Path.begin(), Path.end(), '.', '/');
  return Path + (Options.IsPackage ? "/__init__.py" : ".py");
}

ModuleScope *ModuleScope::loadModule(const std::string &Dotted) const {
  return Loader && !Dotted.empty() ? Loader(Dotted) : nullptr;
}

std::optional<std::string> ModuleScope::absoluteModule(unsigned Level,
                                                       const std::string &Module) const {
  if (Level == 0)
    return Module;
  // `from . import x` in pkg/mod.py means pkg; in pkg/__init__.py, pkg.
  std::string Package = Options.DottedName;
  if (!Options.IsPackage) {
    size_t Dot = Package.rfind('.');
    if (Dot == std::string::npos)
      return std::nullopt; // not in a package: Python's ImportError
    Package.resize(Dot);
  }
  for (unsigned I = 1; I < Level; ++I) {
    size_t Dot = Package.rfind('.');
    if (Dot == std::string::npos)
      return std::nullopt; // beyond the top-level package
    Package.resize(Dot);
  }
  return Module.empty() ? Package : Package + "." + Module;
}

void ModuleScope::bindSubmodule(const std::string &Sub, ModuleScope *Mod) {
  if (!Symbols.count(Sub))
    Symbols[Sub] = Symbol{Symbol::Kind::Module, Sub, {}, nullptr, {}, "",
                          DiagKind::NoteUnusableDtype, Mod};
}

void ModuleScope::bindImport(const ImportStmt &S) {
  for (const ImportAlias &A : S.Names) {
    // `import helpers`, `import pkg.mod`: files of the program.
    if (ModuleScope *Mod = loadModule(A.Name)) {
      if (!A.AsName.empty()) {
        Symbols[A.AsName] = Symbol{Symbol::Kind::Module, A.Name, {}, nullptr, A.Range, "",
                                   DiagKind::NoteUnusableDtype, Mod};
        continue;
      }
      // `import pkg.mod` binds pkg, whose attribute mod the loader set.
      std::string Top = A.Name.substr(0, A.Name.find('.'));
      if (ModuleScope *TopMod = loadModule(Top)) {
        Symbols[Top] = Symbol{Symbol::Kind::Module, Top, {}, nullptr, A.Range, "",
                              DiagKind::NoteUnusableDtype, TopMod};
        continue;
      }
    }
    if (!A.AsName.empty()) {
      Symbols[A.AsName] = Symbol::path(A.Name, A.Range);
      continue;
    }
    // `import numba.cuda` binds `numba`.
    std::string Top = A.Name.substr(0, A.Name.find('.'));
    Symbols[Top] = Symbol::path(Top, A.Range);
  }
}

void ModuleScope::bindImportFrom(const ImportFromStmt &S) {
  if (S.Module == "__future__")
    return;
  std::optional<std::string> Absolute = absoluteModule(S.Level, S.Module);
  // `from helpers import scale`, `from .core import g`: the binding that
  // module made, or its submodule (`from . import config`).
  ModuleScope *Mod = Absolute ? loadModule(*Absolute) : nullptr;
  for (const ImportAlias &A : S.Names) {
    if (A.Name == "*")
      continue;
    std::string Bound = A.AsName.empty() ? A.Name : A.AsName;
    if (applyDefine(Bound, A.Range))
      continue;
    // A submodule, also of a package whose __init__ is still being read
    // (`from . import config` inside it).
    // (A host binding of the name yields to the submodule: importing
    // pkg.name anywhere sets that attribute, as Python does.)
    if (!Mod || !Mod->lookup(A.Name) || Mod->lookup(A.Name)->K == Symbol::Kind::Module ||
        Mod->lookup(A.Name)->K == Symbol::Kind::Host)
      if (ModuleScope *Sub = Absolute ? loadModule(*Absolute + "." + A.Name) : nullptr) {
        Symbols[Bound] = Symbol{Symbol::Kind::Module, *Absolute + "." + A.Name, {}, nullptr,
                                A.Range, "", DiagKind::NoteUnusableDtype, Sub};
        continue;
      }
    if (Mod) {
      const Symbol *From = Mod->lookup(A.Name);
      ModuleScope *Sub = nullptr;
      std::string File = Mod->displayFile();
      if (Sub) {
        Symbols[Bound] = Symbol{Symbol::Kind::Module, *Absolute + "." + A.Name, {}, nullptr,
                                A.Range, "", DiagKind::NoteUnusableDtype, Sub};
      } else if (!From) {
        Symbols[Bound] = Symbol{Symbol::Kind::Host, File, {}, nullptr, A.Range,
                                "", DiagKind::NoteImportedHere};
        Symbols[Bound].NotInModule = true;
      } else if (From->K == Symbol::Kind::Host) {
        // A plain function keeps its definition: host code may still make
        // a kernel of it here (`k = cuda.jit(sig)(_kernel)`).
        Symbols[Bound] = Symbol{Symbol::Kind::Host, "", {}, From->Fn, A.Range,
                                "'" + File + "' binds it by host code",
                                DiagKind::NoteImportedHere};
      } else {
        Symbols[Bound] = *From;
        Symbols[Bound].DefRange = A.Range; // notes point at the import
      }
      continue;
    }
    std::string Path = S.Level ? std::string(S.Level, '.') + S.Module + "." + A.Name
                               : S.Module + "." + A.Name;
    Symbols[Bound] = Symbol::path(Path, A.Range);
    // `from numba.cuda.random import xoroshiro128p_type`: a record dtype
    // that signatures may name.
    if (Path == "numba.cuda.random.xoroshiro128p_dtype" ||
        Path == "numba.cuda.random.xoroshiro128p_type")
      Types.nameRecord(Bound, xoroshiro128pDtype(Types));
  }
}

/// The constant, or why there is none: a record dtype a kernel cannot use,
/// an array too large to freeze, or a value the run decides.
struct ModuleScope::AssignedValue {
  std::optional<ConstantValue> Value;
  RecordDtypeResult Record;
  std::string TooLarge;
  std::string RunDependent;
};

ModuleScope::AssignedValue ModuleScope::evaluateAssigned(const Expr &E) const {
  AssignedValue A;
  A.Value = evaluate(E);
  auto Resolve = [this](const Expr &X) { return resolvePath(X); };
  auto Lookup = [this](const Expr &X) { return constantOf(X); };
  if (!A.Value)
    A.Value = evaluateNumpyScalar(E, Lookup);
  if (!A.Value)
    A.Value = evaluateConstantArray(E, Resolve, Lookup, Types, &A.TooLarge);
  // `rec = np.dtype([...], align=True)`, `rec_t = numba.from_dtype(rec)`.
  if (!A.Value)
    A.Value = namedTupleClass(E);
  if (!A.Value) {
    A.Record = evaluateRecordDtype(E, Resolve, Lookup, Types);
    if (A.Record.Record)
      A.Value = ConstantValue::makeDtype(A.Record.Record);
  }
  if (!A.Value)
    A.RunDependent = runDependence(E);
  return A;
}

std::optional<ConstantValue> ModuleScope::assignedConstant(const Expr &E) const {
  return evaluateAssigned(E).Value;
}

void ModuleScope::bindAssignment(const AssignStmt &S) {
  // `TPB = 16` freezes; `a = b = 3` freezes both; anything that is not a
  // constant expression is host data.
  // `W = np.array([...], dtype=np.float32)` freezes too (ConstantArray.h).
  if (bindDecoratorCall(S) || bindDeclareDevice(S) || bindCffi(S) || bindFactoryCall(S))
    return;
  // kernel_jit = cuda.jit("void(float64[:])"): a decorator object that
  // @kernel_jit applies later (classify).
  if (auto *Call = dyn_cast<CallExpr>(S.Value); Call && S.Targets.size() == 1)
    if (auto *Target = dyn_cast<NameExpr>(S.Targets[0]))
      if (auto P = resolvePath(*Call->Func);
          P && (*P == "numba.cuda.jit" || *P == "numba.njit" || *P == "numba.jit")) {
        DecoratorObjects[Target->Id] = Call;
        if (!applyDefine(Target->Id, Target->Range))
          Symbols[Target->Id] = Symbol::host(Target->Range);
        return;
      }
  AssignedValue A = evaluateAssigned(*S.Value);
  for (const Expr *T : S.Targets)
    bindAssignedTarget(T, A, S);
  // `SIG = void(float64[:])`: host data, but a signature to decorators.
  auto *Name = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  const Expr *Root = S.Value;
  while (Root && (isa<CallExpr>(Root) || isa<SubscriptExpr>(Root)))
    Root = isa<CallExpr>(Root) ? cast<CallExpr>(Root)->Func : cast<SubscriptExpr>(Root)->Value;
  auto Path = Root && Root != S.Value ? resolvePath(*Root) : std::nullopt;
  const Symbol *Bound = Name ? lookup(Name->Id) : nullptr;
  if (Bound && Bound->K == Symbol::Kind::Host && Path && Path->rfind("numba.", 0) == 0)
    TypeExpressions[Name->Id] = {S.Value, Bound->DefRange};
}

const Expr *ModuleScope::typeExpressionOf(const Expr &E) const {
  auto *N = dyn_cast<NameExpr>(&E);
  auto It = N ? TypeExpressions.find(N->Id) : TypeExpressions.end();
  const Symbol *Now = It != TypeExpressions.end() ? lookup(N->Id) : nullptr;
  if (!Now || Now->K != Symbol::Kind::Host || Now->DefRange.Begin.Offset != It->second.Bound.Begin.Offset)
    return nullptr;
  return It->second.Value;
}

void ModuleScope::bindAssignedTarget(const Expr *T, const AssignedValue &A,
                                     const AssignStmt &S) {
  const std::optional<ConstantValue> &Value = A.Value;
  auto *N = dyn_cast<NameExpr>(T);
  if (N && applyDefine(N->Id, N->Range))
    return;
  // `A, B = 1, 2` and `X, Y = SHAPE`: element by element.
  if (auto *Tuple = dyn_cast<TupleExpr>(T);
      Tuple && Value &&
      (Value->K == ConstantValue::Kind::Tuple || Value->K == ConstantValue::Kind::List) &&
      Value->Elements.size() == Tuple->Elts.size() &&
      std::all_of(Tuple->Elts.begin(), Tuple->Elts.end(),
                  [](const Expr *E) { return isa<NameExpr>(E); })) {
    for (size_t I = 0; I < Tuple->Elts.size(); ++I) {
      auto *Elt = cast<NameExpr>(Tuple->Elts[I]);
      if (!applyDefine(Elt->Id, Elt->Range))
        Symbols[Elt->Id] =
            Symbol::constant(Value->Elements[I], Elt->Range);
    }
    return;
  }
  if (N && Value) {
    Symbols[N->Id] = Symbol::constant(*Value, N->Range);
    if (Value->K == ConstantValue::Kind::Dtype && Value->Record) // for signatures
      Types.nameRecord(N->Id, Value->Record);
    if (Value->K == ConstantValue::Kind::NamedTupleClass) // signatures spell the class name
      Types.nameTupleClass(Value->String, Value->Fields);
    return;
  }
  if (N && !A.Record.Problem.empty()) {
    Symbols[N->Id] =
        Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range, A.Record.Problem};
    return;
  }
  if (N && !A.TooLarge.empty()) {
    Symbols[N->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range, A.TooLarge,
                            DiagKind::NoteUnfreezableArray};
    return;
  }
  if (N && !A.RunDependent.empty()) {
    Symbols[N->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range,
                            "is assigned a value that " + A.RunDependent, DiagKind::NoteHostValue};
    return;
  }
  // `jit = cuda.jit`, `sqrt = math.sqrt`, `dev = other_dev`: another
  // name for what the right-hand side names.
  if (N && (isa<NameExpr>(S.Value) || isa<AttributeExpr>(S.Value))) {
    if (auto P = resolvePath(*S.Value)) {
      Symbols[N->Id] = Symbol::path(*P, N->Range);
      return;
    }
    if (auto *From = dyn_cast<NameExpr>(S.Value))
      if (const Symbol *Sym = lookup(From->Id);
          Sym && (Sym->K == Symbol::Kind::Function || Sym->K == Symbol::Kind::Module)) {
        Symbol Copy = *Sym;
        Symbols[N->Id] = Copy;
        return;
      }
  }
  // `W[0] = 5` at module level changes what a kernel would freeze: W is
  // then host data.
  if (auto *Sub = dyn_cast<SubscriptExpr>(T))
    if (auto *Base = dyn_cast<NameExpr>(Sub->Value))
      if (const Symbol *Sym = lookup(Base->Id); Sym && Sym->K == Symbol::Kind::Constant)
        bindHostTargets(Base, S.Range);
  bindHostTargets(T, S.Range);
}

} // namespace pykc::ir
