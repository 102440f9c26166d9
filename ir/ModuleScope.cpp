//===- ModuleScope.cpp ----------------------------------------------------===//
#include "ir/ModuleScope.h"
#include "ir/Libdevice.h"

#include "ir/ConstantArray.h"
#include "ir/ModuleValues.h"
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
#define BUILTIN(Id, Path, ...) Path,
#define MATH(Id, Path, Cases, Lowering, Name) Path,
#define CONSTANT_FLOAT(Path, Value) Path,
#define OPERATOR_BINARY(Path, Op) Path,
#define OPERATOR_UNARY(Path, Op) Path,
#define OPERATOR_COMPARE(Path, Op) Path,
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

/// CuPy's scalar types, constants and limits are NumPy's (cp.float32 is
/// np.float32), which is what Numba sees: cupy.X reads as numpy.X.
std::string cupyAsNumpy(const std::string &Path) {
  return Path.rfind("cupy.", 0) == 0 ? "numpy." + Path.substr(5) : Path;
}

/// Paths under which a scalar type name is a dtype.
bool isDtypeNamespace(const std::string &Prefix) {
  return Prefix == "numba" || Prefix == "numpy" || Prefix == "numba.types" ||
         Prefix == "numba.core.types";
}
} // namespace

bool isKnownBuiltinPath(const std::string &Path) {
  static const std::string Libdevice = "numba.cuda.libdevice.";
  if (Path.rfind(Libdevice, 0) == 0 && libdeviceFunction(Path.substr(Libdevice.size())))
    return true;
  return knownPaths().count(Path) != 0;
}

std::vector<std::string> knownAttributes(const std::string &Path) {
  std::string Prefix = Path + ".";
  std::vector<std::string> Out;
  for (auto It = knownPaths().lower_bound(Prefix);
       It != knownPaths().end() && It->compare(0, Prefix.size(), Prefix) == 0; ++It)
    if (It->find('.', Prefix.size()) == std::string::npos)
      Out.push_back(It->substr(Prefix.size()));
  if (isDtypeNamespace(cupyAsNumpy(Path)))
    for (const char *Dtype : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                              "uint64", "float16", "float32", "float64", "complex64",
                              "complex128", "intp", "uintp"})
      Out.push_back(Dtype);
  return Out;
}

ModuleScope::ModuleScope(const Module &Mod, TypeContext &Types, DiagnosticEngine &Diags,
                         ModuleLoader Loader, std::string Name, ModuleOptions Opts)
    : Options(std::move(Opts)), M(Mod), Loader(std::move(Loader)), Name(std::move(Name)),
      Types(Types), Diags(Diags) {
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
  // A path's constant depends on the path alone, and kernels spell the
  // same few (`cuda`, `float32`, `math.pi`) again and again.
  auto [It, New] = PathConstants.try_emplace(cupyAsNumpy(*Path));
  if (New)
    It->second = pathConstant(It->first);
  return It->second;
}

std::optional<ConstantValue> ModuleScope::pathConstant(const std::string &Path) const {
  if (auto F = floatConstantOf(Path))
    return ConstantValue::makeFloat(*F);
  if (auto V = environmentValue(Path))
    return V;
  // numba.cuda.random's states dtype, and Numba's Record type of it.
  if (Path == "numba.cuda.random.xoroshiro128p_dtype" ||
      Path == "numba.cuda.random.xoroshiro128p_type")
    return ConstantValue::makeDtype(xoroshiro128pDtype(Types));
  size_t Dot = Path.rfind('.');
  if (Dot != std::string::npos && isDtypeNamespace(Path.substr(0, Dot)))
    if (const ScalarType *S = Types.scalarByName(Path.substr(Dot + 1))) {
      ConstantValue V;
      V.K = ConstantValue::Kind::Dtype;
      V.Dtype = S;
      return V;
    }
  return std::nullopt;
}

std::optional<ConstantValue> ModuleScope::evaluate(const Expr &E) const {
  return evaluateConstant(E, [this](const Expr &X) { return evaluateMore(X); });
}

std::optional<ConstantValue> ModuleScope::evaluateFString(const frontend::ConstantExpr &F) const {
  // The literal keeps its source text: prefix, quotes and all.
  const std::string &Text = F.StringValue;
  size_t Quote = Text.find_first_of("'\"");
  if (Quote == std::string::npos)
    return std::nullopt;
  std::string Prefix = Text.substr(0, Quote);
  bool Raw = Prefix.find_first_of("rR") != std::string::npos;
  size_t QuoteLen = Text.compare(Quote, 3, std::string(3, Text[Quote])) == 0 ? 3 : 1;
  if (Text.size() < Quote + 2 * QuoteLen)
    return std::nullopt;
  std::string Body = Text.substr(Quote + QuoteLen, Text.size() - Quote - 2 * QuoteLen);
  std::string Out;
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if ((C == '{' || C == '}') && I + 1 < Body.size() && Body[I + 1] == C) {
      Out += C;
      ++I;
      continue;
    }
    if (C == '\\' && !Raw)
      return std::nullopt; // escapes: left to run time
    if (C != '{') {
      if (C == '}')
        return std::nullopt;
      Out += C;
      continue;
    }
    // The field's expression ends at a top-level '!', ':' or '}'.
    size_t J = I + 1;
    int Depth = 0;
    char InQuote = 0;
    for (; J < Body.size(); ++J) {
      char D = Body[J];
      if (InQuote) {
        if (D == InQuote)
          InQuote = 0;
      } else if (D == '\'' || D == '"') {
        InQuote = D;
      } else if (D == '(' || D == '[' || D == '{') {
        ++Depth;
      } else if ((D == ')' || D == ']' || D == '}') && Depth > 0) {
        --Depth;
      } else if (Depth == 0 && (D == '}' || D == ':' || (D == '!' && Body[J + 1] != '='))) {
        break;
      }
    }
    if (J >= Body.size())
      return std::nullopt;
    std::string ExprText = Body.substr(I + 1, J - I - 1);
    char Conversion = 0;
    if (Body[J] == '!' && J + 2 < Body.size()) {
      Conversion = Body[J + 1];
      J += 2;
    }
    std::string Spec;
    if (Body[J] == ':') {
      size_t Close = Body.find('}', J);
      if (Close == std::string::npos)
        return std::nullopt;
      Spec = Body.substr(J + 1, Close - J - 1);
      J = Close;
    }
    if (Body[J] != '}' || ExprText.find_first_not_of(" ") == std::string::npos)
      return std::nullopt;
    SyntheticSource Src;
    Src.File = std::make_unique<SourceFile>("<f-string>", "(" + ExprText + ")\n");
    Src.AST = std::make_unique<ASTContext>();
    DiagnosticEngine Quiet(nullptr); // a field pykc cannot read is left to run time
    Src.Syntax = parseModule(*Src.File, *Src.AST, Quiet);
    const Stmt *Only = Src.Syntax.Body.size() == 1 ? Src.Syntax.Body[0] : nullptr;
    auto *Field = Only && !Quiet.hasErrors() ? dyn_cast<ExprStmtStmt>(Only) : nullptr;
    std::optional<ConstantValue> V = Field ? evaluate(*Field->Value) : std::nullopt;
    FStringFields.push_back(std::move(Src));
    if (!V)
      return std::nullopt;
    ConstantValue One; // one argument, even when it is a tuple
    One.K = ConstantValue::Kind::Tuple;
    One.Elements = {*V};
    std::optional<ConstantValue> Piece =
        percentFormat(Conversion == 'r' ? "%r" : Spec.empty() ? "%s" : "%" + Spec, One);
    if (!Piece || (Conversion && Conversion != 'r' && Conversion != 's'))
      return std::nullopt;
    Out += Piece->String;
    I = J;
  }
  ConstantValue S;
  S.K = ConstantValue::Kind::String;
  S.String = Out;
  return S;
}

std::optional<ConstantValue> ModuleScope::evaluateMore(const Expr &E) const {
  if (isa<NameExpr>(&E) || isa<AttributeExpr>(&E)) {
    if (auto V = constantOf(E))
      return V;
    auto *A = dyn_cast<AttributeExpr>(&E);
    if (!A)
      return std::nullopt;
    // config.EPS: another module's constant.
    if (auto *Base = dyn_cast<NameExpr>(A->Value))
      if (const Symbol *S = lookup(Base->Id); S && S->K == Symbol::Kind::Module && S->Imported) {
        const Symbol *In = S->Imported->lookup(A->Attr);
        if (In && In->K == Symbol::Kind::Constant)
          return In->Value;
        return std::nullopt;
      }
    // np.finfo(np.float64).max, np.iinfo(np.int32).min
    if (auto *Info = dyn_cast<CallExpr>(A->Value); Info && Info->Args.size() == 1) {
      auto Fn = resolvePath(*Info->Func);
      auto Dtype = Fn ? evaluate(*Info->Args[0]) : std::nullopt;
      if (Dtype && Dtype->K == ConstantValue::Kind::Dtype && Dtype->Dtype &&
          (cupyAsNumpy(*Fn) == "numpy.finfo" || cupyAsNumpy(*Fn) == "numpy.iinfo"))
        return numericLimit(*Dtype->Dtype, A->Attr);
    }
    // sys.version_info.major, Version(...).minor
    if (auto Base = evaluate(*A->Value))
      return attributeOf(*Base, A->Attr);
    return std::nullopt;
  }
  // A list display, and a set display kept as a list of its distinct
  // elements (module code only tests membership and passes flag sets such
  // as fastmath={...}).
  auto *Set = dyn_cast<SetExpr>(&E);
  auto *List = dyn_cast<ListExpr>(&E);
  if (Set || List) {
    ConstantValue V;
    V.K = ConstantValue::Kind::List;
    for (const Expr *X : Set ? Set->Elts : List->Elts) {
      auto Elt = isa<StarredExpr>(X) ? std::nullopt : evaluate(*X);
      if (!Elt)
        return std::nullopt;
      bool Seen = Set && std::any_of(V.Elements.begin(), V.Elements.end(), [&](const ConstantValue &O) {
                    return constantEquals(O, *Elt) == std::optional(true);
                  });
      if (!Seen)
        V.Elements.push_back(*Elt);
    }
    return V;
  }
  if (auto *D = dyn_cast<DictExpr>(&E)) {
    ConstantValue V;
    V.K = ConstantValue::Kind::Dict;
    for (size_t I = 0; I < D->Keys.size(); ++I) {
      if (!D->Keys[I])
        return std::nullopt; // **other
      auto Key = evaluate(*D->Keys[I]);
      auto Value = Key ? evaluate(*D->Values[I]) : std::nullopt;
      if (!Value)
        return std::nullopt;
      // A repeated key keeps its place and takes the later value.
      bool Replaced = false;
      for (size_t J = 0; J < V.Elements.size() && !Replaced; ++J)
        if (constantEquals(V.Elements[J], *Key) == std::optional(true)) {
          V.Values[J] = *Value;
          Replaced = true;
        }
      if (!Replaced) {
        V.Elements.push_back(*Key);
        V.Values.push_back(*Value);
      }
    }
    return V;
  }
  if (auto *Sub = dyn_cast<SubscriptExpr>(&E)) {
    auto Base = evaluate(*Sub->Value);
    if (!Base)
      return std::nullopt;
    if (auto *Slice = dyn_cast<SliceExpr>(Sub->Index)) {
      auto Part = [this](const Expr *X) -> std::optional<ConstantValue> {
        return X ? evaluate(*X) : std::optional(ConstantValue());
      };
      auto Lo = Part(Slice->Lower), Hi = Part(Slice->Upper), Step = Part(Slice->Step);
      if (!Lo || !Hi || !Step)
        return std::nullopt;
      return sliceOf(*Base, *Lo, *Hi, *Step);
    }
    auto Index = evaluate(*Sub->Index);
    return Index ? subscriptOf(*Base, *Index) : std::nullopt;
  }
  if (auto *F = dyn_cast<frontend::ConstantExpr>(&E); F && F->IsFString)
    return evaluateFString(*F);
  // "%dx%d" % (16, 4)
  if (auto *B = dyn_cast<BinaryExpr>(&E); B && B->Op == BinaryOp::Mod) {
    auto L = evaluate(*B->LHS);
    auto R = L && L->K == ConstantValue::Kind::String ? evaluate(*B->RHS) : std::nullopt;
    return R ? percentFormat(L->String, *R) : std::nullopt;
  }
  auto *Call = dyn_cast<CallExpr>(&E);
  if (!Call)
    return std::nullopt;
  std::vector<ConstantValue> Args;
  for (const Expr *A : Call->Args) {
    auto V = isa<StarredExpr>(A) ? std::nullopt : evaluate(*A);
    if (!V)
      break;
    Args.push_back(*V);
  }
  std::vector<std::pair<std::string, ConstantValue>> Keywords;
  for (const Keyword &K : Call->Keywords) {
    auto V = K.Name.empty() ? std::nullopt : evaluate(*K.Value);
    if (!V)
      break;
    Keywords.emplace_back(K.Name, *V);
  }
  bool AllArgs = Args.size() == Call->Args.size() && Keywords.size() == Call->Keywords.size();
  // A builtin the module does not rebind (str, repr, len, ...).
  auto Builtin = [this](const Expr &F) -> std::optional<std::string> {
    if (auto P = resolvePath(F))
      return P;
    if (auto *N = dyn_cast<NameExpr>(&F); N && !lookup(N->Id))
      return "builtins." + N->Id;
    return std::nullopt;
  };
  auto Path = Builtin(*Call->Func);
  // map(int, "0.56.4".split(".")): applies a builtin to each element.
  if (Path == "builtins.map" && Call->Args.size() == 2 && Call->Keywords.empty()) {
    auto Fn = Builtin(*Call->Args[0]);
    auto Items = evaluate(*Call->Args[1]);
    if (!Fn || !Items || (Items->K != ConstantValue::Kind::List && Items->K != ConstantValue::Kind::Tuple))
      return std::nullopt;
    ConstantValue Out;
    Out.K = ConstantValue::Kind::List;
    for (const ConstantValue &Item : Items->Elements) {
      auto V = callFunction(*Fn, {Item}, {});
      if (!V)
        return std::nullopt;
      Out.Elements.push_back(*V);
    }
    return Out;
  }
  // "0.56.4".split("."), _DEFAULTS.get("EPS", 1e-6)
  if (auto *Method = dyn_cast<AttributeExpr>(Call->Func); Method && AllArgs && Keywords.empty())
    if (auto Self = evaluate(*Method->Value))
      return callMethod(*Self, Method->Attr, Args);
  if (Path) {
    if (AllArgs)
      if (auto V = callFunction(cupyAsNumpy(*Path), Args, Keywords))
        return V;
    return evaluateNumpyScalar(E, [this](const Expr &X) { return constantOf(X); });
  }
  return std::nullopt;
}

std::vector<FunctionInfo *> ModuleScope::functions() const {
  std::vector<FunctionInfo *> Out;
  for (auto &F : Functions)
    Out.push_back(F.get());
  return Out;
}

std::vector<std::string> ModuleScope::symbolNames() const {
  std::vector<std::string> Out;
  for (const auto &[Name, Sym] : Symbols)
    if (Sym.K != Symbol::Kind::Host)
      Out.push_back(Name);
  return Out;
}

std::vector<std::string> ModuleScope::functionNames(FunctionRole Role) const {
  std::vector<std::string> Out;
  for (const auto &Fn : Functions)
    if (Fn->Role == Role && !Fn->Synthetic)
      Out.push_back(Fn->Name);
  return Out;
}

FunctionInfo *ModuleScope::function(const std::string &Name) const {
  const Symbol *S = lookup(Name);
  return S && S->K == Symbol::Kind::Function ? S->Fn : nullptr;
}

void ModuleScope::scan() {
  // What Python defines in every module before its first statement.
  auto String = [](const std::string &Text) {
    ConstantValue V;
    V.K = ConstantValue::Kind::String;
    V.String = Text;
    return V;
  };
  Symbols["__name__"] = Symbol{Symbol::Kind::Constant, "", String(Options.DottedName), nullptr, {}};
  if (!Options.FilePath.empty())
    Symbols["__file__"] = Symbol{Symbol::Kind::Constant, "", String(Options.FilePath), nullptr, {}};
  execute(M.Body);
  discoverRuntimeKernels();
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
  bindClassFunctions(C);
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

void ModuleScope::bindClassFunctions(const ClassDefStmt &C) {
  // Python evaluates a class body's decorators at module level: a
  // @staticmethod over @cuda.jit is the kernel Numba made (the outer
  // staticmethod only changes how Python looks it up). The class's own
  // names are not the module's, so only the command line and messages see
  // `Class.name`.
  for (const Stmt *S : C.Body) {
    const FunctionDefStmt *Def = dyn_cast<FunctionDefStmt>(S);
    std::string Name;
    SourceRange Range;
    const Expr *Decorator = nullptr;
    std::string Path;
    if (Def) {
      Name = Def->Name;
      Range = Def->NameRange;
    } else if (auto *A = dyn_cast<AssignStmt>(S)) {
      // scale = cuda.jit(_scale) in the class body.
      auto *Target = A->Targets.size() == 1 ? dyn_cast<NameExpr>(A->Targets[0]) : nullptr;
      auto Call = Target ? decoratorCallOf(*A->Value) : std::nullopt;
      if (!Call)
        continue;
      Decorator = Call->Decorator;
      Path = Call->Path;
      Def = Call->Function->Def;
      Name = Target->Id;
      Range = Target->Range;
    }
    if (!Def)
      continue;
    auto Fn = std::make_unique<FunctionInfo>();
    Fn->Def = Def;
    Fn->Name = C.Name + "." + Name;
    Fn->NameRange = Range;
    Fn->File = M.File;
    Fn->Scope = this;
    if (Decorator)
      applyDecorator(*Fn, *Decorator, Path);
    else
      classify(*Fn);
    if (Fn->Role == FunctionRole::Host)
      continue;
    Symbols[Fn->Name] = Symbol{Symbol::Kind::Function, "", {}, Fn.get(), Range};
    Functions.push_back(std::move(Fn));
  }
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
    Symbols[N.Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N.Range};
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
  if (bindDecoratorCall(S) || bindDeclareDevice(S) || bindCffi(S))
    return;
  // kernel_jit = cuda.jit("void(float64[:])"): a decorator object that
  // @kernel_jit applies later (classify).
  if (auto *Call = dyn_cast<CallExpr>(S.Value); Call && S.Targets.size() == 1)
    if (auto *Target = dyn_cast<NameExpr>(S.Targets[0]))
      if (auto P = resolvePath(*Call->Func);
          P && (*P == "numba.cuda.jit" || *P == "numba.njit" || *P == "numba.jit")) {
        DecoratorObjects[Target->Id] = Call;
        if (!applyDefine(Target->Id, Target->Range))
          Symbols[Target->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, Target->Range};
        return;
      }
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
  std::string RunDependent = Value ? "" : runDependence(*S.Value);
  for (const Expr *T : S.Targets) {
    auto *N = dyn_cast<NameExpr>(T);
    if (N && applyDefine(N->Id, N->Range))
      continue;
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
              Symbol{Symbol::Kind::Constant, "", Value->Elements[I], nullptr, Elt->Range, ""};
      }
      continue;
    }
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
    if (N && !RunDependent.empty()) {
      Symbols[N->Id] = Symbol{Symbol::Kind::Host, "", {}, nullptr, N->Range,
                              "is assigned a value that " + RunDependent, DiagKind::NoteHostValue};
      continue;
    }
    // `jit = cuda.jit`, `sqrt = math.sqrt`, `dev = other_dev`: another
    // name for what the right-hand side names.
    if (N && (isa<NameExpr>(S.Value) || isa<AttributeExpr>(S.Value))) {
      if (auto P = resolvePath(*S.Value)) {
        Symbols[N->Id] = Symbol{Symbol::Kind::Path, *P, {}, nullptr, N->Range};
        continue;
      }
      if (auto *From = dyn_cast<NameExpr>(S.Value))
        if (const Symbol *Sym = lookup(From->Id);
            Sym && (Sym->K == Symbol::Kind::Function || Sym->K == Symbol::Kind::Module)) {
          Symbol Copy = *Sym;
          Symbols[N->Id] = Copy;
          continue;
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
    Fn->Name = Def->Name;
    Fn->NameRange = Def->NameRange;
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
  Fn->Name = S.Name;
  Fn->NameRange = S.NameRange;
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
    // `device_jit = cuda.jit(device=True)` then `@device_jit`: the call
    // that made the decorator object.
    if (auto *N = dyn_cast<NameExpr>(D))
      if (auto Made = DecoratorObjects.find(N->Id); Made != DecoratorObjects.end() &&
                                                    lookup(N->Id) && lookup(N->Id)->K == Symbol::Kind::Host)
        D = Made->second;
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
                    " made of '" + Fn.Name + "'; give each function one Numba decorator"});
      continue;
    }
    Inner = D;
    applyDecorator(Fn, *D, *Path);
  }
}

void ModuleScope::applyDecorator(FunctionInfo &Fn, const Expr &D, const std::string &Path) {
  const CallExpr *Call = dyn_cast<CallExpr>(&D);
  if (Path == "numba.cuda.jit" || Path == "numba.cuda.decorators.jit") {
    Fn.Role = FunctionRole::Kernel;
    Fn.DecoratorSpelling = "@cuda.jit";
    if (Call)
      readJitArguments(Fn, *Call);
  } else if (Path == "numba.cuda.reduce" || Path == "numba.cuda.Reduce") {
    Fn.Role = FunctionRole::Reduce;
    Fn.DecoratorSpelling = "@cuda.reduce";
  } else if (Path == "numba.njit" || Path == "numba.jit" || Path == "numba.core.decorators.njit" ||
             Path == "numba.core.decorators.jit") {
    Fn.Role = FunctionRole::CpuJit;
    Fn.DecoratorSpelling = "@" + Path.substr(Path.rfind('.') + 1);
    if (Call)
      readNjitArguments(Fn, *Call);
  } else if (Path.rfind("numba.", 0) == 0) {
    Fn.Role = FunctionRole::OtherNumba;
    Fn.DecoratorSpelling = "@" + Path.substr(Path.rfind('.') + 1);
  }
}

std::optional<ModuleScope::DecoratorCall> ModuleScope::decoratorCallOf(const Expr &E) const {
  auto *Outer = dyn_cast<CallExpr>(&E);
  if (!Outer || Outer->Args.size() != 1 || !Outer->Keywords.empty())
    return std::nullopt;
  // fn, or module.fn of another module of the program.
  const Expr *Arg = Outer->Args[0];
  const Symbol *Def = nullptr;
  if (auto *N = dyn_cast<NameExpr>(Arg))
    Def = lookup(N->Id);
  else if (auto *A = dyn_cast<AttributeExpr>(Arg))
    if (auto *Base = dyn_cast<NameExpr>(A->Value))
      if (const Symbol *Mod = lookup(Base->Id); Mod && Mod->K == Symbol::Kind::Module && Mod->Imported)
        Def = Mod->Imported->lookup(A->Attr);
  if (!Def || !Def->Fn || Def->Fn->Synthetic)
    return std::nullopt;
  auto *Inner = dyn_cast<CallExpr>(Outer->Func);
  auto Path = resolvePath(Inner ? *Inner->Func : *Outer->Func);
  if (!Path || Path->rfind("numba.", 0) != 0)
    return std::nullopt;
  auto *Named = dyn_cast<NameExpr>(Arg);
  return DecoratorCall{Outer->Func, *Path, Def->Fn, Named ? Named->Id : ""};
}

bool ModuleScope::bindDecoratorCall(const AssignStmt &S) {
  // k = cuda.jit(fn), k = cuda.jit("void(float32[:])")(fn),
  // dev = cuda.jit(device=True)(fn), h = njit(fn): Numba makes a
  // dispatcher of fn's code, bound to the target; fn stays a function.
  auto *Target = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  auto Call = Target ? decoratorCallOf(*S.Value) : std::nullopt;
  if (!Call)
    return false;
  const FunctionInfo *Def = Call->Function;
  auto Fn = std::make_unique<FunctionInfo>();
  Fn->Def = Def->Def;
  Fn->Name = Target->Id;
  Fn->NameRange = Target->Range;
  Fn->File = Def->File;
  Fn->Scope = Def->Scope ? Def->Scope : this; // its globals are its module's
  applyDecorator(*Fn, *Call->Decorator, Call->Path);
  if (Fn->Role == FunctionRole::Host)
    return false;
  if (applyDefine(Target->Id, Target->Range))
    return true;
  if (auto It = Symbols.find(Target->Id); It != Symbols.end() && It->second.Fn &&
                                          It->second.Fn->Role != FunctionRole::Host) {
    const FunctionInfo *Earlier = It->second.Fn;
    // `f = cuda.jit(f)` replaces the plain function, as Python does.
    if (Earlier->Def != Fn->Def)
      Diags.report(M.File, Target->Range, DiagKind::RedefinedFunction,
                   {Target->Id, std::to_string(Earlier->Def->NameRange.Begin.Line)});
    std::erase_if(Functions, [&](const auto &F) { return F.get() == Earlier; });
  }
  Symbols[Target->Id] = Symbol{Symbol::Kind::Function, "", {}, Fn.get(), Target->Range};
  Functions.push_back(std::move(Fn));
  return true;
}

void ModuleScope::readJitArguments(FunctionInfo &Fn, const CallExpr &Call) {
  for (const Expr *Arg : Call.Args)
    readSignatureArgument(Fn, *Arg);
  for (const Keyword &K : Call.Keywords) {
    auto Value = evaluate(*K.Value);
    auto Flag = [&]() -> std::optional<bool> {
      if (!Value || (Value->K != ConstantValue::Kind::Bool && Value->K != ConstantValue::Kind::Int)) {
        if (!RuntimeSignatures) // inside a function: the run decides it
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
      // A set of LLVM flag names ({"nsz", "contract"}) is Numba's finer
      // form; pykc's fast-math is one setting, on for any non-empty set.
      if (Value && (Value->K == ConstantValue::Kind::List || Value->K == ConstantValue::Kind::Dict))
        Fn.FastMath = !Value->Elements.empty();
      else if (auto B = Flag())
        Fn.FastMath = *B;
    } else if (K.Name == "boundscheck") {
      // Numba-CUDA refuses it (NotImplementedError); pykc checks.
      if (auto B = Flag())
        Fn.BoundsCheck = *B;
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "max_registers") {
      // ptxas's limit on each thread's registers, for this kernel alone.
      if (Value && Value->K == ConstantValue::Kind::Int && Value->Int > 0 && Value->Int <= 255)
        Fn.MaxRegisters = unsigned(Value->Int);
      else if (!RuntimeSignatures)
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {Value && Value->K == ConstantValue::Kind::Int && Value->Int > 255
                          ? "'max_registers' must be at most 255, the registers a thread can have"
                          : "'max_registers' must be a positive integer"});
    } else if (K.Name == "debug" || K.Name == "lineinfo") {
      // Both give the kernel's lines to profilers and debuggers; pykc's
      // debug=True is line information too (no DWARF variables yet).
      if (auto B = Flag())
        Fn.LineInfo = Fn.LineInfo || *B;
    } else if (K.Name == "link") {
      if (!RuntimeSignatures)
        readLinkFiles(*K.Value, Fn.Links);
    } else if (K.Name == "inline" || K.Name == "opt" || K.Name == "cache" ||
               K.Name == "forceinline" ||
               K.Name == "launch_bounds" || K.Name == "lto") {
      // Accepted for compatibility; they do not change the generated code yet.
    } else {
      // Numba-CUDA grows options; one pykc does not know is not a reason
      // to refuse the kernel.
      Diags.report(M.File, K.NameRange, DiagKind::UnknownDecoratorOption, {"@cuda.jit", K.Name});
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
    if (K.Name == "fastmath" && Value &&
        (Value->K == ConstantValue::Kind::List || Value->K == ConstantValue::Kind::Dict)) {
      IsFlag = true; // a set of flag names, as for @cuda.jit
      On = !Value->Elements.empty();
    }
    if (K.Name == "parallel" || K.Name == "fastmath" || K.Name == "nopython" ||
        K.Name == "boundscheck") {
      if (!IsFlag) {
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"'" + K.Name + "' must be True or False"});
        continue;
      }
      if (K.Name == "parallel")
        Fn.Parallel = On;
      else if (K.Name == "fastmath")
        Fn.FastMath = On;
      else if (K.Name == "boundscheck")
        Fn.BoundsCheck = On; // an index out of range raises IndexError, as in Numba
      else if (!On)
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"object mode (nopython=False) runs Python code, which pykc does not compile"});
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "cache" || K.Name == "nogil" ||
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

std::string ModuleScope::typeExpressionText(const Expr &Arg) const {
  std::string Text(M.File->text(Arg.Range));
  for (const auto &[Bound, Sym] : Symbols)
    if (Sym.K == Symbol::Kind::Path &&
        (Sym.Path == "numba" || Sym.Path == "numba.types" || Sym.Path == "numba.core.types"))
      for (size_t At = Text.find(Bound + "."); At != std::string::npos; At = Text.find(Bound + ".", At))
        if (At == 0 || !(std::isalnum(static_cast<unsigned char>(Text[At - 1])) || Text[At - 1] == '_' || Text[At - 1] == '.'))
          Text.erase(At, Bound.size() + 1);
        else
          At += Bound.size() + 1;
  return Text;
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
    // `SIG = "void(float32[:])"; @cuda.jit(SIG)`, or Numba's type objects
    // (`void(float32[:])`, `nb.void(nb.float32[:])`), whose text without
    // the module prefix is the signature.
    std::optional<ConstantValue> V = evaluate(Arg);
    std::string Text;
    if (V && V->K == ConstantValue::Kind::String) {
      Text = V->String;
    } else if (V && (V->K == ConstantValue::Kind::List || V->K == ConstantValue::Kind::Tuple) &&
               std::all_of(V->Elements.begin(), V->Elements.end(), [](const ConstantValue &E) {
                 return E.K == ConstantValue::Kind::String;
               })) {
      for (const ConstantValue &E : V->Elements)
        if (auto Sig = parseSignature(E.String, *M.File, Arg.Range.Begin.Offset, Types, Diags))
          Fn.Signatures.push_back(*Sig);
        else
          Fn.HasSignatureErrors = true;
      return;
    } else if (!RuntimeSignatures && (isa<CallExpr>(&Arg) || isa<SubscriptExpr>(&Arg))) {
      Text = typeExpressionText(Arg);
    }
    if (Text.empty() && RuntimeSignatures)
      return; // computed by the run: the command line gives it (--sig)
    if (Text.empty()) {
      Diags.report(M.File, Arg.Range, DiagKind::InvalidDecorator,
                   {"a signature must be a string such as \"void(float32[:])\""});
      Fn.HasSignatureErrors = true;
      return;
    }
    if (auto Sig = parseSignature(Text, *M.File, Arg.Range.Begin.Offset, Types, Diags))
      Fn.Signatures.push_back(*Sig);
    else
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
