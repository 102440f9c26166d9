//===- ModuleScope.cpp ----------------------------------------------------===//
#include "ir/ModuleScope.h"

#include "ir/ConstantArray.h"
#include "ir/RandomHelpers.h"
#include "ir/RecordDtype.h"

#include "frontend/Parser.h"

#include <set>

namespace pykc::ir {

using namespace frontend;

namespace {
const std::set<std::string> &knownPaths() {
  static const std::set<std::string> Paths = {
#define NAMESPACE(Path) Path,
#define SPECIAL_REG(Id, Path, Register, Dim) Path,
#define BUILTIN(Id, Path, Typing, Lowering) Path,
#define MATH(Id, Path, Cases, Lowering, Name) Path,
#define CONSTANT_FLOAT(Path, Value) Path,
#include "ir/Builtins.def"
  };
  return Paths;
}

std::optional<double> floatConstantOf(const std::string &Path) {
#define CONSTANT_FLOAT(P, Value)                                               \
  if (Path == P)                                                               \
    return Value;
#include "ir/Builtins.def"
  return std::nullopt;
}

/// Paths under which a scalar type name is a dtype.
bool isDtypeNamespace(const std::string &Prefix) {
  return Prefix == "numba" || Prefix == "numpy" || Prefix == "numba.types" ||
         Prefix == "numba.core.types";
}
} // namespace

bool isKnownBuiltinPath(const std::string &Path) { return knownPaths().count(Path) != 0; }

ModuleScope::ModuleScope(const Module &Mod, TypeContext &Types, DiagnosticEngine &Diags,
                         ModuleLoader Loader, std::string Name)
    : M(Mod), Loader(std::move(Loader)), Name(std::move(Name)), Types(Types), Diags(Diags) {
  scan();
}

const Symbol *ModuleScope::lookup(const std::string &Name) const {
  auto It = Symbols.find(Name);
  return It == Symbols.end() ? nullptr : &It->second;
}

std::optional<std::string> ModuleScope::resolvePath(const Expr &E) const {
  if (auto *N = dyn_cast<NameExpr>(&E)) {
    // The names pykc's own sources (addSynthetic) use, whatever the module
    // imported.
    if (N->Id == "__pykc_cuda")
      return std::string("numba.cuda");
    if (N->Id == "__pykc_numba")
      return std::string("numba");
    if (N->Id == "__pykc_math")
      return std::string("math");
    if (const Symbol *S = lookup(N->Id))
      return S->K == Symbol::Kind::Path ? std::optional(S->Path) : std::nullopt;
    std::string Builtin = "builtins." + N->Id;
    if (isKnownBuiltinPath(Builtin))
      return Builtin;
    return std::nullopt;
  }
  if (auto *A = dyn_cast<AttributeExpr>(&E)) {
    auto Base = resolvePath(*A->Value);
    if (!Base)
      return std::nullopt;
    return *Base + "." + A->Attr;
  }
  return std::nullopt;
}

std::optional<ConstantValue> ModuleScope::constantOf(const Expr &E) const {
  if (auto *N = dyn_cast<NameExpr>(&E))
    if (const Symbol *S = lookup(N->Id); S && S->K == Symbol::Kind::Constant)
      return S->Value;
  if (auto *A = dyn_cast<AttributeExpr>(&E))
    if (auto Class = constantOf(*A->Value); Class && Class->K == ConstantValue::Kind::EnumClass)
      return enumMember(*Class->Enum, A->Attr);
  auto Path = resolvePath(E);
  if (!Path)
    return std::nullopt;
  if (auto F = floatConstantOf(*Path))
    return ConstantValue::makeFloat(*F);
  // numba.cuda.random's states dtype, and Numba's Record type of it.
  if (*Path == "numba.cuda.random.xoroshiro128p_dtype" ||
      *Path == "numba.cuda.random.xoroshiro128p_type")
    return ConstantValue::makeDtype(xoroshiro128pDtype(Types));
  size_t Dot = Path->rfind('.');
  if (Dot != std::string::npos && isDtypeNamespace(Path->substr(0, Dot)))
    if (const ScalarType *S = Types.scalarByName(Path->substr(Dot + 1))) {
      ConstantValue V;
      V.K = ConstantValue::Kind::Dtype;
      V.Dtype = S;
      return V;
    }
  return std::nullopt;
}

std::optional<ConstantValue> ModuleScope::evaluate(const Expr &E) const {
  return evaluateConstant(E, [this](const Expr &X) { return constantOf(X); });
}

std::vector<FunctionInfo *> ModuleScope::functions() const {
  std::vector<FunctionInfo *> Out;
  for (auto &F : Functions)
    Out.push_back(F.get());
  return Out;
}

FunctionInfo *ModuleScope::function(const std::string &Name) const {
  const Symbol *S = lookup(Name);
  return S && S->K == Symbol::Kind::Function ? S->Fn : nullptr;
}

void ModuleScope::scan() {
  for (const Stmt *S : M.Body) {
    // set_num_threads(8): the default for prange loops (PYKC_NUM_THREADS
    // overrides it at run time, as NUMBA_NUM_THREADS would).
    if (auto *E = dyn_cast<ExprStmtStmt>(S))
      if (auto *C = dyn_cast<CallExpr>(E->Value);
          C && C->Args.size() == 1 && resolvePath(*C->Func) == "numba.set_num_threads")
        if (auto N = evaluate(*C->Args[0]); N && N->K == ConstantValue::Kind::Int && N->Int > 0)
          NumThreads = unsigned(std::min<int64_t>(N->Int, 1024));
    if (auto *I = dyn_cast<ImportStmt>(S))
      bindImport(*I);
    else if (auto *I = dyn_cast<ImportFromStmt>(S))
      bindImportFrom(*I);
    else if (auto *A = dyn_cast<AssignStmt>(S))
      bindAssignment(*A);
    else if (auto *F = dyn_cast<FunctionDefStmt>(S))
      bindFunction(*F);
    else if (auto *C = dyn_cast<ClassDefStmt>(S))
      bindClass(*C);
    else if (auto *A = dyn_cast<AugAssignStmt>(S))
      bindHostTargets(A->Target, S->Range);
    else if (auto *A = dyn_cast<AnnAssignStmt>(S))
      bindHostTargets(A->Target, S->Range);
    else if (auto *F = dyn_cast<ForStmt>(S)) {
      bindHostTargets(F->Target, S->Range);
      bindHostNamesIn(F->Body);
      bindHostNamesIn(F->OrElse);
    } else if (auto *I = dyn_cast<IfStmt>(S)) {
      bindHostNamesIn(I->Body);
      bindHostNamesIn(I->OrElse);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      bindHostNamesIn(W->Body);
      bindHostNamesIn(W->OrElse);
    } else if (auto *W = dyn_cast<WithStmt>(S)) {
      for (const WithItem &Item : W->Items)
        bindHostTargets(Item.Vars, S->Range);
      bindHostNamesIn(W->Body);
    } else if (auto *T = dyn_cast<TryStmt>(S)) {
      bindHostNamesIn(T->Body);
      for (const ExceptHandler &H : T->Handlers)
        bindHostNamesIn(H.Body);
      bindHostNamesIn(T->OrElse);
      bindHostNamesIn(T->FinalBody);
    }
  }
}

std::optional<ConstantValue> ModuleScope::namedTupleClass(const Expr &E) const {
  // namedtuple('Point', ('x', 'y')), or ['x', 'y'], or 'x y' / 'x, y', as
  // collections.namedtuple takes them (no defaults, no rename).
  auto *Call = dyn_cast<CallExpr>(&E);
  if (!Call || resolvePath(*Call->Func) != "collections.namedtuple" || Call->Args.size() != 2 ||
      !Call->Keywords.empty())
    return std::nullopt;
  auto Name = evaluate(*Call->Args[0]);
  if (!Name || Name->K != ConstantValue::Kind::String)
    return std::nullopt;
  ConstantValue Class;
  Class.K = ConstantValue::Kind::NamedTupleClass;
  Class.String = Name->String;
  if (auto *List = dyn_cast<ListExpr>(Call->Args[1])) {
    for (const Expr *F : List->Elts) {
      auto Field = evaluate(*F);
      if (!Field || Field->K != ConstantValue::Kind::String)
        return std::nullopt;
      Class.Fields.push_back(Field->String);
    }
    return Class;
  }
  auto Fields = evaluate(*Call->Args[1]);
  if (!Fields)
    return std::nullopt;
  if (Fields->K == ConstantValue::Kind::Tuple) {
    for (const ConstantValue &F : Fields->Elements) {
      if (F.K != ConstantValue::Kind::String)
        return std::nullopt;
      Class.Fields.push_back(F.String);
    }
    return Class;
  }
  if (Fields->K != ConstantValue::Kind::String)
    return std::nullopt;
  std::string Current;
  for (char C : Fields->String + " ") {
    if (C == ',' || C == ' ') {
      if (!Current.empty())
        Class.Fields.push_back(Current);
      Current.clear();
    } else {
      Current += C;
    }
  }
  return Class;
}

namespace {

/// Whether two enum member values are equal as Python compares them (the
/// second is then an alias of the first): numbers by value (1 == 1.0 ==
/// True), anything else by its repr.
bool sameEnumValue(const ConstantValue &A, const ConstantValue &B) {
  auto Number = [](const ConstantValue &V) -> std::optional<double> {
    switch (V.K) {
    case ConstantValue::Kind::Int:
      return double(V.Int);
    case ConstantValue::Kind::Float:
      return V.Float;
    case ConstantValue::Kind::Bool:
      return V.Bool ? 1.0 : 0.0;
    default:
      return std::nullopt;
    }
  };
  if (auto X = Number(A))
    if (auto Y = Number(B))
      return *X == *Y;
  return A.str() == B.str();
}

} // namespace

void ModuleScope::bindClass(const ClassDefStmt &C) {
  // An enum.Enum or enum.IntEnum whose members are int constants is an
  // enum kernels can use, as Numba's Enum<int64> and IntEnum<int64>; any
  // other class is host code.
  Symbols[C.Name] = Symbol{Symbol::Kind::Host, "", {}, nullptr, C.NameRange};
  if (C.Bases.size() != 1 || !C.Keywords.empty() || !C.Decorators.empty())
    return;
  std::optional<std::string> Base = resolvePath(*C.Bases[0]);
  if (Base == "typing.NamedTuple") {
    // class Point(NamedTuple): x: int ... The annotations do not type the
    // fields (Numba types each from the value passed), and a default or a
    // method makes the class host code.
    ConstantValue Class;
    Class.K = ConstantValue::Kind::NamedTupleClass;
    Class.String = C.Name;
    for (const Stmt *S : C.Body) {
      if (isa<PassStmt>(S) || (isa<ExprStmtStmt>(S) && isa<ConstantExpr>(cast<ExprStmtStmt>(S)->Value)))
        continue;
      auto *A = dyn_cast<AnnAssignStmt>(S);
      auto *Name = A && !A->Value ? dyn_cast<NameExpr>(A->Target) : nullptr;
      if (!Name)
        return;
      Class.Fields.push_back(Name->Id);
    }
    Types.nameTupleClass(C.Name, Class.Fields);
    Symbols[C.Name] = Symbol{Symbol::Kind::Constant, "", Class, nullptr, C.NameRange};
    return;
  }
  if (Base != "enum.Enum" && Base != "enum.IntEnum")
    return;
  std::vector<std::pair<std::string, ConstantValue>> Values;
  for (const Stmt *S : C.Body) {
    if (isa<PassStmt>(S) || (isa<ExprStmtStmt>(S) && isa<ConstantExpr>(cast<ExprStmtStmt>(S)->Value)))
      continue; // pass, a docstring
    auto *A = dyn_cast<AssignStmt>(S);
    auto *Name = A && A->Targets.size() == 1 ? dyn_cast<NameExpr>(A->Targets[0]) : nullptr;
    std::optional<ConstantValue> V = Name ? evaluate(*A->Value) : std::nullopt;
    if (!V || (Base == "enum.IntEnum" && V->K != ConstantValue::Kind::Int))
      return;
    Values.emplace_back(Name->Id, *V);
  }
  bool AllInts = std::all_of(Values.begin(), Values.end(), [](const auto &M) {
    return M.second.K == ConstantValue::Kind::Int;
  });
  // A repeated value is an alias of the first member, as in Python: by
  // value (enumMember), or for a coded class by sharing the first's ordinal.
  std::vector<std::pair<std::string, int64_t>> Members;
  int64_t Distinct = 0;
  for (size_t I = 0; I < Values.size(); ++I) {
    if (AllInts) {
      Members.emplace_back(Values[I].first, Values[I].second.Int);
      continue;
    }
    std::optional<int64_t> Code;
    for (size_t J = 0; J < I && !Code; ++J)
      if (sameEnumValue(Values[J].second, Values[I].second))
        Code = Members[J].second;
    Members.emplace_back(Values[I].first, Code ? *Code : Distinct++);
  }
  ConstantValue Class;
  Class.K = ConstantValue::Kind::EnumClass;
  Class.Enum = Types.enumType(C.Name, Base == "enum.IntEnum", std::move(Members), !AllInts);
  Symbols[C.Name] = Symbol{Symbol::Kind::Constant, "", Class, nullptr, C.NameRange};
}

std::optional<ConstantValue> enumMember(const EnumType &E, const std::string &Name) {
  const auto *M = E.member(Name);
  if (!M)
    return std::nullopt;
  // Aliases are the member they repeat.
  for (const auto &First : E.members())
    if (First.second == M->second) {
      M = &First;
      break;
    }
  if (E.isIntEnum())
    return ConstantValue::makeInt(M->second);
  ConstantValue V;
  V.K = ConstantValue::Kind::EnumMember;
  V.Enum = &E;
  V.String = M->first;
  V.Int = M->second;
  return V;
}

void ModuleScope::bindHostNamesIn(const StmtList &Body) {
  // Names bound inside module-level compound statements depend on control
  // flow pykc does not run: they are host names.
  for (const Stmt *S : Body) {
    if (auto *A = dyn_cast<AssignStmt>(S)) {
      for (const Expr *T : A->Targets)
        bindHostTargets(T, S->Range);
    } else if (auto *A = dyn_cast<AugAssignStmt>(S)) {
      bindHostTargets(A->Target, S->Range);
    } else if (auto *F = dyn_cast<FunctionDefStmt>(S)) {
      Symbols[F->Name] = Symbol{Symbol::Kind::Host, "", {}, nullptr, F->NameRange};
    } else if (auto *F = dyn_cast<ForStmt>(S)) {
      bindHostTargets(F->Target, S->Range);
      bindHostNamesIn(F->Body);
    } else if (auto *I = dyn_cast<IfStmt>(S)) {
      bindHostNamesIn(I->Body);
      bindHostNamesIn(I->OrElse);
    } else if (auto *W = dyn_cast<WhileStmt>(S)) {
      bindHostNamesIn(W->Body);
    } else if (auto *W = dyn_cast<WithStmt>(S)) {
      bindHostNamesIn(W->Body);
    }
  }
}

void ModuleScope::bindHostTargets(const Expr *Target, SourceRange Range) {
  if (!Target)
    return;
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    Symbols[N->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range};
    return;
  }
  if (auto *T = dyn_cast<TupleExpr>(Target))
    for (const Expr *E : T->Elts)
      bindHostTargets(E, Range);
  if (auto *L = dyn_cast<ListExpr>(Target))
    for (const Expr *E : L->Elts)
      bindHostTargets(E, Range);
  if (auto *S = dyn_cast<StarredExpr>(Target))
    bindHostTargets(S->Value, Range);
}

void ModuleScope::bindImport(const ImportStmt &S) {
  for (const ImportAlias &A : S.Names) {
    // `import helpers` of the program's own helpers.py.
    if (A.Name.find('.') == std::string::npos && Loader)
      if (ModuleScope *Mod = Loader(A.Name)) {
        std::string Bound = A.AsName.empty() ? A.Name : A.AsName;
        Symbols[Bound] = Symbol{Symbol::Kind::Module, A.Name, {}, nullptr, A.Range, "",
                                DiagKind::NoteUnusableDtype, Mod};
        continue;
      }
    if (!A.AsName.empty()) {
      Symbols[A.AsName] = Symbol{Symbol::Kind::Path, A.Name, {}, nullptr, A.Range};
      continue;
    }
    // `import numba.cuda` binds `numba`.
    std::string Top = A.Name.substr(0, A.Name.find('.'));
    Symbols[Top] = Symbol{Symbol::Kind::Path, Top, {}, nullptr, A.Range};
  }
}

void ModuleScope::bindImportFrom(const ImportFromStmt &S) {
  if (S.Module == "__future__")
    return;
  // `from helpers import scale`: the binding helpers.py made.
  ModuleScope *Mod = S.Level == 0 && S.Module.find('.') == std::string::npos && Loader
                         ? Loader(S.Module)
                         : nullptr;
  for (const ImportAlias &A : S.Names) {
    if (A.Name == "*")
      continue;
    if (Mod) {
      std::string Bound = A.AsName.empty() ? A.Name : A.AsName;
      const Symbol *From = Mod->lookup(A.Name);
      if (!From) {
        Symbols[Bound] = Symbol{Symbol::Kind::Host, S.Module, {}, nullptr, A.Range,
                                "", DiagKind::NoteImportedHere};
        Symbols[Bound].NotInModule = true;
      } else if (From->K == Symbol::Kind::Host) {
        Symbols[Bound] = Symbol{Symbol::Kind::Host, "", {}, nullptr, A.Range,
                                "'" + S.Module + ".py' binds it by host code",
                                DiagKind::NoteImportedHere};
      } else {
        Symbols[Bound] = *From;
        Symbols[Bound].DefRange = A.Range; // notes point at the import
      }
      continue;
    }
    std::string Bound = A.AsName.empty() ? A.Name : A.AsName;
    std::string Path = S.Level ? std::string(S.Level, '.') + S.Module + "." + A.Name
                               : S.Module + "." + A.Name;
    Symbols[Bound] = Symbol{Symbol::Kind::Path, Path, {}, nullptr, A.Range};
    // `from numba.cuda.random import xoroshiro128p_type`: a record dtype
    // that signatures may name.
    if (Path == "numba.cuda.random.xoroshiro128p_dtype" ||
        Path == "numba.cuda.random.xoroshiro128p_type")
      Types.nameRecord(Bound, xoroshiro128pDtype(Types));
  }
}

void ModuleScope::bindAssignment(const AssignStmt &S) {
  // `TPB = 16` freezes; `a = b = 3` freezes both; anything that is not a
  // constant expression is host data.
  // `W = np.array([...], dtype=np.float32)` freezes too (ConstantArray.h).
  auto Value = evaluate(*S.Value);
  auto Resolve = [this](const Expr &X) { return resolvePath(X); };
  auto Lookup = [this](const Expr &X) { return constantOf(X); };
  if (!Value)
    Value = evaluateNumpyScalar(*S.Value, Lookup);
  std::string TooLarge;
  if (!Value)
    Value = evaluateConstantArray(*S.Value, Resolve, Lookup, Types, &TooLarge);
  // `rec = np.dtype([...], align=True)`, `rec_t = numba.from_dtype(rec)`.
  if (!Value)
    Value = namedTupleClass(*S.Value);
  RecordDtypeResult Record;
  if (!Value) {
    Record = evaluateRecordDtype(*S.Value, Resolve, Lookup, Types);
    if (Record.Record)
      Value = ConstantValue::makeDtype(Record.Record);
  }
  for (const Expr *T : S.Targets) {
    auto *N = dyn_cast<NameExpr>(T);
    if (N && Value) {
      Symbols[N->Id] = Symbol{Symbol::Kind::Constant, "", *Value, nullptr, N->Range, ""};
      if (Value->K == ConstantValue::Kind::Dtype && Value->Record) // for signatures
        Types.nameRecord(N->Id, Value->Record);
      if (Value->K == ConstantValue::Kind::NamedTupleClass) // signatures spell the class name
        Types.nameTupleClass(Value->String, Value->Fields);
      continue;
    }
    if (N && !Record.Problem.empty()) {
      Symbols[N->Id] =
          Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range, Record.Problem};
      continue;
    }
    if (N && !TooLarge.empty()) {
      Symbols[N->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range, TooLarge,
                              DiagKind::NoteUnfreezableArray};
      continue;
    }
    // `W[0] = 5` at module level changes what a kernel would freeze: W is
    // then host data.
    if (auto *Sub = dyn_cast<SubscriptExpr>(T))
      if (auto *Base = dyn_cast<NameExpr>(Sub->Value))
        if (const Symbol *Sym = lookup(Base->Id); Sym && Sym->K == Symbol::Kind::Constant)
          bindHostTargets(Base, S.Range);
    bindHostTargets(T, S.Range);
  }
}

std::vector<FunctionInfo *>
ModuleScope::addSynthetic(const std::string &Name, std::string Template,
                          const std::vector<std::pair<std::string, std::string>> &Substitutions) {
  for (const auto &[Key, Value] : Substitutions) {
    std::string Marker = "@" + Key + "@";
    for (size_t At = Template.find(Marker); At != std::string::npos;
         At = Template.find(Marker, At + Value.size()))
      Template.replace(At, Marker.size(), Value);
  }
  SyntheticSource Src;
  Src.File = std::make_unique<SourceFile>(Name, std::move(Template));
  Src.AST = std::make_unique<ASTContext>();
  Src.Syntax = parseModule(*Src.File, *Src.AST, Diags);
  std::vector<FunctionInfo *> Out;
  for (const Stmt *S : Src.Syntax.Body) {
    auto *Def = dyn_cast<FunctionDefStmt>(S);
    if (!Def)
      continue;
    auto Fn = std::make_unique<FunctionInfo>();
    Fn->Def = Def;
    Fn->File = Src.File.get();
    Fn->Scope = this;
    Fn->Synthetic = true;
    classify(*Fn);
    Symbols[Def->Name] = Symbol{Symbol::Kind::Function, "", {}, Fn.get(), Def->NameRange};
    Out.push_back(Fn.get());
    SyntheticFunctions.push_back(std::move(Fn));
  }
  Synthetic.push_back(std::move(Src));
  return Out;
}

void ModuleScope::bindFunction(const FunctionDefStmt &S) {
  auto Fn = std::make_unique<FunctionInfo>();
  Fn->Def = &S;
  Fn->File = M.File;
  Fn->Scope = this;
  classify(*Fn);
  // A function defined again replaces the earlier one, as in Python (and
  // as when a notebook cell runs twice): only the last is compiled. Said
  // when either is a Numba function.
  if (auto It = Symbols.find(S.Name); It != Symbols.end() && It->second.Fn) {
    const FunctionInfo *Earlier = It->second.Fn;
    if (Earlier->Role != FunctionRole::Host || Fn->Role != FunctionRole::Host)
      Diags.report(M.File, S.NameRange, DiagKind::RedefinedFunction,
                   {S.Name, std::to_string(Earlier->Def->NameRange.Begin.Line)});
    std::erase_if(Functions, [&](const auto &F) { return F.get() == Earlier; });
  }
  Symbol Sym{Symbol::Kind::Function, "", {}, Fn.get(), S.NameRange};
  if (Fn->Role == FunctionRole::Host)
    Sym.K = Symbol::Kind::Host;
  Symbols[S.Name] = Sym;
  Functions.push_back(std::move(Fn));
}

void ModuleScope::classify(FunctionInfo &Fn) {
  // Decorators apply from the innermost (last written) outwards.
  const Expr *Inner = nullptr;
  for (auto It = Fn.Def->Decorators.rbegin(); It != Fn.Def->Decorators.rend(); ++It) {
    const Expr *D = *It;
    const CallExpr *Call = dyn_cast<CallExpr>(D);
    const Expr *Callee = Call ? Call->Func : D;
    auto Path = resolvePath(*Callee);
    if (!Path || Path->rfind("numba.", 0) != 0)
      continue;
    // A Numba decorator applied to what another one made gets a
    // dispatcher, not a Python function, and Numba fails on it; say so
    // rather than guess which of the two was meant.
    if (Inner) {
      Diags.report(M.File, D->Range, DiagKind::InvalidDecorator,
                   {"it would apply to what the decorator on line " +
                    std::to_string(Inner->Range.Begin.Line) +
                    " made of '" + Fn.Def->Name + "'; give each function one Numba decorator"});
      continue;
    }
    Inner = D;
    if (*Path == "numba.cuda.jit" || *Path == "numba.cuda.decorators.jit") {
      Fn.Role = FunctionRole::Kernel;
      Fn.DecoratorSpelling = "@cuda.jit";
      if (Call)
        readJitArguments(Fn, *Call);
    } else if (*Path == "numba.cuda.reduce" || *Path == "numba.cuda.Reduce") {
      Fn.Role = FunctionRole::Reduce;
      Fn.DecoratorSpelling = "@cuda.reduce";
    } else if (*Path == "numba.njit" || *Path == "numba.jit" ||
               *Path == "numba.core.decorators.njit" || *Path == "numba.core.decorators.jit") {
      Fn.Role = FunctionRole::CpuJit;
      Fn.DecoratorSpelling = "@" + Path->substr(Path->rfind('.') + 1);
      if (Call)
        readNjitArguments(Fn, *Call);
    } else if (Path->rfind("numba.", 0) == 0) {
      Fn.Role = FunctionRole::OtherNumba;
      Fn.DecoratorSpelling = "@" + Path->substr(Path->rfind('.') + 1);
    }
  }
}

void ModuleScope::readJitArguments(FunctionInfo &Fn, const CallExpr &Call) {
  for (const Expr *Arg : Call.Args)
    readSignatureArgument(Fn, *Arg);
  for (const Keyword &K : Call.Keywords) {
    auto Value = evaluate(*K.Value);
    auto Flag = [&]() -> std::optional<bool> {
      if (!Value || (Value->K != ConstantValue::Kind::Bool && Value->K != ConstantValue::Kind::Int)) {
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"'" + K.Name + "' must be True or False"});
        return std::nullopt;
      }
      return Value->K == ConstantValue::Kind::Bool ? Value->Bool : Value->Int != 0;
    };
    if (K.Name == "device") {
      if (auto B = Flag(); B && *B)
        Fn.Role = FunctionRole::Device;
    } else if (K.Name == "fastmath") {
      if (auto B = Flag())
        Fn.FastMath = *B;
    } else if (K.Name == "boundscheck") {
      // Numba-CUDA refuses it (NotImplementedError); pykc checks.
      if (auto B = Flag())
        Fn.BoundsCheck = *B;
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "debug" || K.Name == "lineinfo" || K.Name == "inline" ||
               K.Name == "opt" || K.Name == "cache" || K.Name == "max_registers" ||
               K.Name == "link" || K.Name == "forceinline" ||
               K.Name == "launch_bounds" || K.Name == "lto") {
      // Accepted for compatibility; they do not change the generated code yet.
    } else {
      Diags.report(M.File, K.NameRange, DiagKind::InvalidDecorator,
                   {"unknown @cuda.jit option '" + K.Name + "'"});
    }
  }
}

void ModuleScope::readNjitArguments(FunctionInfo &Fn, const CallExpr &Call) {
  for (const Expr *Arg : Call.Args)
    readSignatureArgument(Fn, *Arg);
  for (const Keyword &K : Call.Keywords) {
    auto Value = evaluate(*K.Value);
    bool IsFlag = Value && (Value->K == ConstantValue::Kind::Bool || Value->K == ConstantValue::Kind::Int);
    bool On = IsFlag && (Value->K == ConstantValue::Kind::Bool ? Value->Bool : Value->Int != 0);
    if (K.Name == "parallel" || K.Name == "fastmath" || K.Name == "nopython") {
      if (!IsFlag) {
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"'" + K.Name + "' must be True or False"});
        continue;
      }
      if (K.Name == "parallel")
        Fn.Parallel = On;
      else if (K.Name == "fastmath")
        Fn.FastMath = On;
      else if (!On)
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"object mode (nopython=False) runs Python code, which pykc does not compile"});
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "cache" || K.Name == "nogil" || K.Name == "boundscheck" ||
               K.Name == "error_model" || K.Name == "inline" || K.Name == "looplift" ||
               K.Name == "forceinline" || K.Name == "no_cpython_wrapper" ||
               K.Name == "no_cfunc_wrapper" || K.Name == "debug") {
      // Accepted: they change how Numba caches or wraps the function, not
      // what it computes.
    } else {
      Diags.report(M.File, K.NameRange, DiagKind::InvalidDecorator,
                   {"unknown " + Fn.DecoratorSpelling + " option '" + K.Name + "'"});
    }
  }
}

void ModuleScope::readSignatureArgument(FunctionInfo &Fn, const Expr &Arg) {
  if (auto *List = dyn_cast<ListExpr>(&Arg)) {
    for (const Expr *E : List->Elts)
      readSignatureArgument(Fn, *E);
    return;
  }
  if (auto *Tuple = dyn_cast<TupleExpr>(&Arg)) {
    for (const Expr *E : Tuple->Elts)
      readSignatureArgument(Fn, *E);
    return;
  }
  auto *Str = dyn_cast<ConstantExpr>(&Arg);
  if (!Str || Str->CK != ConstantKind::String || Str->IsFString) {
    Diags.report(M.File, Arg.Range, DiagKind::InvalidDecorator,
                 {"a signature must be a string such as \"void(float32[:])\""});
    Fn.HasSignatureErrors = true;
    return;
  }
  // Point errors into the literal: skip its prefix and opening quotes. With
  // escapes in the literal the columns are approximate.
  std::string_view Source = M.File->text();
  uint32_t Offset = Str->Range.Begin.Offset;
  while (Offset < Source.size() && Source[Offset] != '"' && Source[Offset] != '\'')
    ++Offset;
  if (Offset + 2 < Source.size() && Source[Offset + 1] == Source[Offset] &&
      Source[Offset + 2] == Source[Offset])
    Offset += 3;
  else
    ++Offset;
  if (auto Sig = parseSignature(Str->StringValue, *M.File, Offset, Types, Diags)) {
    // Numba compiles one overload per argument types: a later signature
    // with the same arguments returns the first one's.
    for (const ParsedSignature &Earlier : Fn.Signatures)
      if (Earlier.Args == Sig->Args) {
        Diags.report(M.File, Arg.Range, DiagKind::RepeatedSignature,
                     {std::to_string(Earlier.Range.Begin.Line) + ":" +
                      std::to_string(Earlier.Range.Begin.Column)});
        return;
      }
    Fn.Signatures.push_back(*Sig);
  } else
    Fn.HasSignatureErrors = true;
}

} // namespace pykc::ir
