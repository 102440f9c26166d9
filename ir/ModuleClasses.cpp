//===- ModuleClasses.cpp - Classes: named tuples, enums, methods ----------===//
#include "ir/ModuleScope.h"

#include "ir/ModuleValues.h"

#include <set>

namespace pykc::ir {

using namespace frontend;

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
  Symbols[C.Name] = Symbol::host(C.NameRange);
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
    Symbols[C.Name] = Symbol::constant(Class, C.NameRange);
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
  Symbols[C.Name] = Symbol::constant(Class, C.NameRange);
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
    Symbols[Fn->Name] = Symbol::function(Fn.get(), Range);
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

} // namespace pykc::ir
