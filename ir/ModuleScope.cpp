//===- ModuleScope.cpp - Names, paths and constants of a module -----------===//
#include "ir/ModuleScope.h"

#include "ir/Libdevice.h"

#include "ir/ConstantArray.h"
#include "ir/ConstantArrayMath.h"
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

ModuleScope::ModuleScope(ClosureOf C)
    : Options(C.Parent.Options), M(C.Parent.M), Loader(C.Parent.Loader), Name(C.Parent.Name),
      Types(C.Parent.Types), Diags(C.Parent.Diags) {
  Parent = &C.Parent;
  RuntimeSignatures = C.Parent.RuntimeSignatures;
  FactoryDepth = C.Parent.FactoryDepth + 1;
}

const Symbol *ModuleScope::lookup(const std::string &Name) const {
  auto It = Symbols.find(Name);
  if (It == Symbols.end())
    return Parent ? Parent->lookup(Name) : nullptr;
  if (!ChangedByFunctions.empty() || AnyChangedByFunction)
    if (const Symbol *Changed = changedByFunction(Name, It->second))
      return Changed;
  return &It->second;
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
  // NumPy's operators on the module's arrays (`np.arange(N) ** 2`).
  ConstantArithmetic Arrays;
  Arrays.Binary = [this](BinaryOp Op, const ConstantValue &L, const ConstantValue &R) {
    return arrayBinary(Op, L, R, Types);
  };
  Arrays.Unary = [](UnaryOp Op, const ConstantValue &V) { return arrayUnary(Op, V); };
  return evaluateConstant(E, [this](const Expr &X) { return evaluateMore(X); }, &Arrays);
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
    DiagnosticEngine Unshown(nullptr); // a field pykc cannot read is left to run time
    Src.Syntax = parseModule(*Src.File, *Src.AST, Unshown);
    const Stmt *Only = Src.Syntax.Body.size() == 1 ? Src.Syntax.Body[0] : nullptr;
    auto *Field = Only && !Unshown.hasErrors() ? dyn_cast<ExprStmtStmt>(Only) : nullptr;
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
    return A ? evaluateAttribute(*A) : std::nullopt;
  }
  if (isa<SetExpr>(&E) || isa<ListExpr>(&E) || isa<DictExpr>(&E))
    return evaluateDisplay(E);
  if (auto *C = dyn_cast<ComprehensionExpr>(&E))
    return evaluateComprehension(*C);
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
  return Call ? evaluateCall(*Call) : std::nullopt;
}

std::optional<ConstantValue> ModuleScope::evaluateAttribute(const AttributeExpr &A) const {
  // config.EPS: another module's constant.
  if (auto *Base = dyn_cast<NameExpr>(A.Value))
    if (const Symbol *S = lookup(Base->Id); S && S->K == Symbol::Kind::Module && S->Imported) {
      const Symbol *In = S->Imported->lookup(A.Attr);
      if (In && In->K == Symbol::Kind::Constant)
        return In->Value;
      return std::nullopt;
    }
  // np.finfo(np.float64).max, np.iinfo(np.int32).min
  if (auto *Info = dyn_cast<CallExpr>(A.Value); Info && Info->Args.size() == 1) {
    auto Fn = resolvePath(*Info->Func);
    auto Dtype = Fn ? evaluate(*Info->Args[0]) : std::nullopt;
    if (Dtype && Dtype->K == ConstantValue::Kind::Dtype && Dtype->Dtype &&
        (cupyAsNumpy(*Fn) == "numpy.finfo" || cupyAsNumpy(*Fn) == "numpy.iinfo"))
      return numericLimit(*Dtype->Dtype, A.Attr);
  }
  // Mode.MUL.value, Mode.MUL.name of an IntEnum, whose member is its int
  // as a constant (an Enum's member keeps both: attributeOf).
  if (auto *Member = dyn_cast<AttributeExpr>(A.Value); Member && (A.Attr == "value" || A.Attr == "name"))
    if (auto Class = constantOf(*Member->Value);
        Class && Class->K == ConstantValue::Kind::EnumClass && Class->Enum->isIntEnum())
      if (auto V = enumMember(*Class->Enum, Member->Attr)) {
        if (A.Attr == "value")
          return ConstantValue::makeInt(V->Int);
        ConstantValue Name;
        Name.K = ConstantValue::Kind::String;
        Name.String = Member->Attr;
        return Name;
      }
  // sys.version_info.major, Version(...).minor
  if (auto Base = evaluate(*A.Value))
    return attributeOf(*Base, A.Attr);
  return std::nullopt;
}

std::optional<ConstantValue> ModuleScope::evaluateDisplay(const Expr &E) const {
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
  return std::nullopt;
}

std::optional<ConstantValue> ModuleScope::evaluateCall(const CallExpr &Call) const {
  const Expr &E = Call;
  std::vector<ConstantValue> Args;
  for (const Expr *A : Call.Args) {
    auto V = isa<StarredExpr>(A) ? std::nullopt : evaluate(*A);
    if (!V)
      V = rangeArgument(*A); // list(range(4)), sum(range(n))
    if (!V)
      break;
    Args.push_back(*V);
  }
  std::vector<std::pair<std::string, ConstantValue>> Keywords;
  for (const Keyword &K : Call.Keywords) {
    auto V = K.Name.empty() ? std::nullopt : evaluate(*K.Value);
    if (!V)
      break;
    Keywords.emplace_back(K.Name, *V);
  }
  bool AllArgs = Args.size() == Call.Args.size() && Keywords.size() == Call.Keywords.size();
  // A builtin the module does not rebind (str, repr, len, ...).
  auto Builtin = [this](const Expr &F) -> std::optional<std::string> {
    if (auto P = resolvePath(F))
      return P;
    if (auto *N = dyn_cast<NameExpr>(&F); N && !lookup(N->Id))
      return "builtins." + N->Id;
    return std::nullopt;
  };
  auto Path = Builtin(*Call.Func);
  // map(int, "0.56.4".split(".")): applies a builtin to each element.
  if (Path == "builtins.map" && Call.Args.size() == 2 && Call.Keywords.empty()) {
    auto Fn = Builtin(*Call.Args[0]);
    auto Items = evaluate(*Call.Args[1]);
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
  // "0.56.4".split("."), _DEFAULTS.get("EPS", 1e-6), W.sum()
  if (auto *Method = dyn_cast<AttributeExpr>(Call.Func); Method && AllArgs && Keywords.empty())
    if (auto Self = evaluate(*Method->Value))
      return Self->K == ConstantValue::Kind::Array ? arrayMethod(*Self, Method->Attr, Args, Types)
                                                   : callMethod(*Self, Method->Attr, Args);
  if (!Path)
    return std::nullopt;
  std::string Function = cupyAsNumpy(*Path);
  bool OfArray = std::any_of(Args.begin(), Args.end(), [](const ConstantValue &V) {
    return V.K == ConstantValue::Kind::Array;
  });
  // np.dtype('float32'), np.dtype('<f4'): the scalar dtype (its .itemsize).
  if (Function == "numpy.dtype" && Args.size() == 1 && Keywords.empty() &&
      Args[0].K == ConstantValue::Kind::String) {
    std::string Spelling = Args[0].String;
    if (!Spelling.empty() && (Spelling[0] == '<' || Spelling[0] == '=' || Spelling[0] == '|'))
      Spelling.erase(0, 1);
    const ScalarType *S = Types.scalarByName(Spelling);
    return S ? std::optional(ConstantValue::makeDtype(S)) : std::nullopt;
  }
  // np.exp(-X ** 2), np.sum(W): NumPy's functions of arrays.
  if (AllArgs && OfArray && Function.rfind("numpy.", 0) == 0)
    return arrayFunction(Function.substr(6), Args, Keywords, Types);
  if (AllArgs)
    if (auto V = callFunction(Function, Args, Keywords))
      return V;
  if (auto V = evaluateNumpyScalar(E, [this](const Expr &X) { return constantOf(X); }))
    return V;
  // np.arange(N) inside an expression: the array itself.
  if (Function.rfind("numpy.", 0) != 0)
    return std::nullopt;
  return evaluateConstantArray(
      E, [this](const Expr &X) { return resolvePath(X); },
      [this](const Expr &X) { return evaluate(X); }, Types);
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
  Symbols["__name__"] = Symbol::constant(String(Options.DottedName), SourceRange());
  if (!Options.FilePath.empty())
    Symbols["__file__"] = Symbol::constant(String(Options.FilePath), SourceRange());
  execute(M.Body);
  discoverRuntimeKernels();
}

std::vector<FunctionInfo *>
ModuleScope::addSynthetic(const std::string &Name, std::string Template,
                          const std::vector<std::pair<std::string, std::string>> &Substitutions) {
  if (Parent) // pykc's helpers are the module's
    return Parent->addSynthetic(Name, std::move(Template), Substitutions);
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
    Symbols[Def->Name] = Symbol::function(Fn.get(), Def->NameRange);
    Out.push_back(Fn.get());
    SyntheticFunctions.push_back(std::move(Fn));
  }
  Synthetic.push_back(std::move(Src));
  return Out;
}

} // namespace pykc::ir
