//===- LowerExpr.cpp - Typing expressions ---------------------------------===//
#include "ir/Lowering.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::string displayPath(const std::string &Path) {
  if (Path.rfind("numba.", 0) == 0)
    return Path.substr(6);
  if (Path.rfind("builtins.", 0) == 0)
    return Path.substr(9);
  return Path;
}

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

namespace {

std::optional<SpecialRegExpr> specialRegister(const std::string &Path) {
  SpecialRegExpr R;
#define SPECIAL_REG(Id, P, Register, D)                                        \
  if (Path == P) {                                                             \
    R.Reg = SpecialRegister::Register;                                         \
    R.Dim = D;                                                                 \
    return R;                                                                  \
  }
#include "ir/Builtins.def"
  return std::nullopt;
}
/// The print(...) call that prints what the f-string \p Source formats:
/// f"i = {i}, x = {x:.2f}" -> print("i =", i, ", x =", x). Numba-CUDA's
/// print takes the values as arguments; it formats no strings.
std::string printForm(std::string_view Source) {
  std::string Fallback = "print(\"i =\", i)";
  size_t Quote = Source.find_first_of("'\"");
  if (Quote == std::string_view::npos)
    return Fallback;
  size_t QuoteLen = 1;
  if (Source.size() >= Quote + 6 && Source[Quote + 1] == Source[Quote] && Source[Quote + 2] == Source[Quote])
    QuoteLen = 3;
  if (Source.size() < Quote + 2 * QuoteLen)
    return Fallback;
  std::string_view Body = Source.substr(Quote + QuoteLen, Source.size() - Quote - 2 * QuoteLen);
  // One string token only: "a" f"{b}" falls back to the example.
  if (Body.find(Source[Quote]) != std::string_view::npos)
    return Fallback;
  std::vector<std::string> Args;
  std::string Text;
  auto Flush = [&] {
    // print separates its arguments with spaces: ", a =" is "a =".
    size_t B = Text.find_first_not_of(Args.empty() ? " " : " ,;"), E = Text.find_last_not_of(' ');
    if (B != std::string::npos)
      Args.push_back("\"" + Text.substr(B, E - B + 1) + "\"");
    Text.clear();
  };
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if ((C == '{' || C == '}') && I + 1 < Body.size() && Body[I + 1] == C) {
      Text += C;
      ++I;
      continue;
    }
    if (C != '{') {
      Text += C;
      continue;
    }
    Flush();
    size_t Depth = 0, End = I + 1, ExprEnd = std::string_view::npos;
    for (; End < Body.size(); ++End) {
      char D = Body[End];
      if (D == '{' || D == '(' || D == '[')
        ++Depth;
      else if ((D == ')' || D == ']') && Depth)
        --Depth;
      else if (D == '}' && Depth)
        --Depth;
      else if (D == '}')
        break;
      else if ((D == '!' || D == ':' || D == '=') && !Depth && ExprEnd == std::string_view::npos &&
               !(D == '=' && End + 1 < Body.size() && Body[End + 1] == '='))
        ExprEnd = End;
    }
    if (End >= Body.size())
      return Fallback;
    std::string Expr(Body.substr(I + 1, std::min(End, ExprEnd) - I - 1));
    size_t B = Expr.find_first_not_of(' '), E = Expr.find_last_not_of(' ');
    if (B == std::string::npos)
      return Fallback;
    Args.push_back(Expr.substr(B, E - B + 1));
    I = End;
  }
  Flush();
  std::string Out = "print(";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += (I ? ", " : "") + Args[I];
  return Out + ")";
}

} // namespace

void FunctionLowerer::error(SourceRange Range, DiagKind Kind, std::vector<std::string> Args) {
  if (Quiet)
    return;
  HadError = true;
  S.Diags.report(File, Range, Kind, std::move(Args));
}

std::string FunctionLowerer::describe(const Value &V) const {
  switch (V.K) {
  case Value::Kind::Expr:
    return V.E->Ty->str();
  case Value::Kind::Path:
    return displayPath(V.Path);
  case Value::Kind::Constant:
    return V.Const.str();
  case Value::Kind::Function:
    return V.Fn->Name;
  case Value::Kind::Module:
    return V.Path; // the module's name
  case Value::Kind::Foreign:
    return V.Foreign->BoundName;
  case Value::Kind::Invalid:
    break;
  }
  return "?";
}

Expr *FunctionLowerer::constantInt(int64_t V, const Type *Ty, SourceRange Range) {
  auto *C = make<ir::ConstantExpr>(Range, Ty);
  auto *ST = dynCast<ScalarType>(Ty);
  if (ST && ST->isFloat())
    C->FloatValue = double(V);
  else
    C->IntBits = uint64_t(V);
  return C;
}

Expr *FunctionLowerer::constantFloat(double V, const Type *Ty, SourceRange Range) {
  auto *C = make<ir::ConstantExpr>(Range, Ty);
  C->FloatValue = V;
  return C;
}

Expr *FunctionLowerer::materialize(Expr *E) {
  if (!E || E->Kind == NodeKind::Constant || E->Kind == NodeKind::VarRef ||
      E->Kind == NodeKind::SpecialReg)
    return E;
  Variable *T = newTemp(E->Ty);
  auto *A = make<ir::AssignStmt>(E->Range);
  A->Var = T;
  A->Value = E;
  Pending->push_back(A);
  auto *Ref = make<VarRefExpr>(E->Range, E->Ty);
  Ref->Var = T;
  return Ref;
}

Expr *FunctionLowerer::convert(Expr *E, const Type *To) {
  if (!E || !To)
    return nullptr;
  if (E->Ty == To)
    return E;
  if (dynCast<OptionalType>(E->Ty) || dynCast<OptionalType>(To))
    return convertOptional(E, To);
  if (dynCast<ScalarType>(E->Ty) && dynCast<ScalarType>(To)) {
    // Numba has no conversion of a complex to a real type.
    if (dynCast<ScalarType>(E->Ty)->isComplex() && !dynCast<ScalarType>(To)->isComplex())
      return nullptr;
    auto *C = make<CastExpr>(E->Range, To);
    C->Operand = E;
    return C;
  }
  auto *From = dynCast<TupleType>(E->Ty);
  auto *ToTuple = dynCast<TupleType>(To);
  if (From && ToTuple && From->size() == ToTuple->size()) {
    Expr *Src = materialize(E);
    auto *Make = make<TupleMakeExpr>(E->Range, To);
    for (size_t I = 0; I < From->size(); ++I) {
      auto *Get = make<TupleGetExpr>(E->Range, From->elements()[I]);
      Get->Tuple = Src;
      Get->Index = unsigned(I);
      Expr *Elt = convert(Get, ToTuple->elements()[I]);
      if (!Elt)
        return nullptr;
      Make->Elements.push_back(Elt);
    }
    return Make;
  }
  if (auto *R = dynCast<RecordType>(To))
    return convertRecord(E, R);
  auto *FromArray = dynCast<ArrayType>(E->Ty);
  auto *ToArray = dynCast<ArrayType>(To);
  if (FromArray && ToArray && FromArray->element() == ToArray->element() &&
      FromArray->ndim() == ToArray->ndim() &&
      FromArray->addressSpace() == ToArray->addressSpace() &&
      ToArray->layout() == ArrayLayout::A) {
    // Same data, weaker layout promise: a no-op for the backends.
    auto *C = make<CastExpr>(E->Range, To);
    C->Operand = E;
    return C;
  }
  return nullptr;
}

Expr *FunctionLowerer::tupleElement(Expr *Tuple, unsigned K, SourceRange Range) {
  // Of a tuple display, the element itself.
  if (auto *Make = dynCast<TupleMakeExpr>(Tuple))
    return Make->Elements[K];
  auto *Get = make<TupleGetExpr>(Range, dynCast<TupleType>(Tuple->Ty)->elements()[K]);
  Get->Tuple = Tuple;
  Get->Index = K;
  return Get;
}

Expr *FunctionLowerer::enumValue(Expr *E) {
  // A member is its value at run time (a coded class's, its ordinal): the
  // conversion changes no bits.
  auto *C = make<CastExpr>(E->Range, S.Types.int64());
  C->Operand = E;
  return C;
}

Expr *FunctionLowerer::truth(Expr *E, SourceRange Range) {
  if (!E)
    return nullptr;
  auto *ST = dynCast<ScalarType>(E->Ty);
  if (dynCast<OptionalType>(E->Ty)) {
    error(Range, DiagKind::OptionalCondition, {std::string(File->text(Range)), E->Ty->str()});
    return nullptr;
  }
  if (!ST) {
    error(Range, DiagKind::InvalidCondition, {E->Ty->str()});
    return nullptr;
  }
  if (ST->isBoolean())
    return E;
  auto *T = make<TruthExpr>(Range, S.Types.boolean());
  T->Operand = E;
  return T;
}

Expr *FunctionLowerer::lowerValue(const fe::Expr &E) {
  Value V = lower(E);
  if (V.K == Value::Kind::Expr)
    return unwrapOptional(V.E);
  if (V.isValid())
    notAValueError(E.Range, V);
  return nullptr;
}

Value FunctionLowerer::lower(const fe::Expr &E) {
  switch (E.Kind) {
  case fe::NodeKind::NameExpr:
    return lowerName(cast<NameExpr>(E));
  case fe::NodeKind::ConstantExpr: {
    auto &C = cast<fe::ConstantExpr>(E);
    switch (C.CK) {
    case ConstantKind::Int:
      if (C.IntTooLarge) {
        error(E.Range, DiagKind::ConstantOverflow, {std::string(File->text(E.Range))});
        return Value::invalid();
      }
      // Numba types literals that only fit unsigned as uint64.
      return Value::expr(constantInt(int64_t(C.IntValue),
                                     C.IntValue > uint64_t(INT64_MAX) ? S.Types.uint64()
                                                                      : S.Types.int64(),
                                     E.Range));
    case ConstantKind::Float:
      return Value::expr(constantFloat(C.FloatValue, S.Types.float64(), E.Range));
    case ConstantKind::Bool:
      return Value::expr(constantInt(C.BoolValue, S.Types.boolean(), E.Range));
    case ConstantKind::None: {
      Value V;
      V.K = Value::Kind::Constant;
      return V;
    }
    case ConstantKind::String:
    case ConstantKind::Bytes: {
      if (C.IsFString) { // one without replacement fields is a plain string
        error(E.Range, DiagKind::UnsupportedSyntax,
              {"an f-string with replacement fields (write " + printForm(C.StringValue) +
               ": Numba-CUDA's print takes the values as arguments and formats no strings)"});
        return Value::invalid();
      }
      Value V;
      V.K = Value::Kind::Constant;
      V.Const.K = ConstantValue::Kind::String;
      V.Const.String = C.StringValue;
      return V;
    }
    case ConstantKind::Imaginary:
      return Value::expr(constantComplex(0, C.FloatValue, S.Types.complex128(), E.Range));
    case ConstantKind::Ellipsis:
      error(E.Range, DiagKind::UnsupportedSyntax, {"'...'"});
      return Value::invalid();
    }
    return Value::invalid();
  }
  case fe::NodeKind::AttributeExpr:
    return lowerAttribute(cast<AttributeExpr>(E));
  case fe::NodeKind::SubscriptExpr:
    return lowerSubscript(cast<SubscriptExpr>(E));
  case fe::NodeKind::TupleExpr:
    return Value::expr(lowerTuple(cast<TupleExpr>(E)));
  case fe::NodeKind::UnaryExpr:
    return Value::expr(lowerUnary(cast<fe::UnaryExpr>(E)));
  case fe::NodeKind::BinaryExpr: {
    auto &B = cast<fe::BinaryExpr>(E);
    Expr *L = lowerValue(*B.LHS);
    Expr *R = lowerValue(*B.RHS);
    if (!L || !R)
      return Value::invalid();
    return Value::expr(lowerBinary(B.Op, L, R, B.OpRange, B.Range));
  }
  case fe::NodeKind::BoolOpExpr:
    return Value::expr(lowerBoolOp(cast<BoolOpExpr>(E)));
  case fe::NodeKind::CompareExpr:
    return Value::expr(lowerCompare(cast<fe::CompareExpr>(E)));
  case fe::NodeKind::IfExpExpr:
    return Value::expr(lowerIfExp(cast<IfExpExpr>(E)));
  case fe::NodeKind::CallExpr:
    return lowerCall(cast<fe::CallExpr>(E));
  default: {
    std::string What = "this expression";
    switch (E.Kind) {
    case fe::NodeKind::ListExpr: What = "a list"; break;
    case fe::NodeKind::SetExpr: What = "a set"; break;
    case fe::NodeKind::DictExpr: What = "a dict"; break;
    case fe::NodeKind::LambdaExpr: What = "a lambda"; break;
    case fe::NodeKind::ComprehensionExpr: What = "a comprehension"; break;
    case fe::NodeKind::StarredExpr: What = "unpacking with '*'"; break;
    case fe::NodeKind::NamedExprExpr: What = "':='"; break;
    case fe::NodeKind::SliceExpr: What = "a slice"; break;
    case fe::NodeKind::AwaitExpr: What = "'await'"; break;
    case fe::NodeKind::YieldExpr: What = "'yield'"; break;
    case fe::NodeKind::MagicExpr: What = "an IPython magic"; break;
    default: break;
    }
    error(E.Range, DiagKind::UnsupportedSyntax, {What});
    return Value::invalid();
  }
  }
}

std::optional<ConstantValue> FunctionLowerer::evaluate(const fe::Expr &E) const {
  return evaluateConstant(E, [this](const fe::Expr &X) -> std::optional<ConstantValue> {
    if (auto *N = dyn_cast<NameExpr>(&X)) {
      if (auto It = CompileTimeParams.find(N->Id); It != CompileTimeParams.end()) {
        if (It->second.K == Value::Kind::Constant)
          return It->second.Const;
        return std::nullopt;
      }
      if (local(N->Id)) {
        // A variable, even where a module constant has its name; constant
        // when bound once to a constant.
        auto It = SingleAssignments.find(N->Id);
        if (It == SingleAssignments.end() || !Evaluating.insert(N->Id).second)
          return std::nullopt;
        auto V = evaluate(*It->second);
        Evaluating.erase(N->Id);
        return V;
      }
    }
    return Scope.constantOf(X);
  });
}

Value FunctionLowerer::lowerName(const NameExpr &N) {
  if (auto It = CompileTimeParams.find(N.Id); It != CompileTimeParams.end()) {
    if (It->second.K == Value::Kind::Constant)
      return lowerConstantValue(It->second.Const, N.Range);
    return It->second;
  }
  if (Variable *V = loadVariable(N)) {
    if (Poisoned.count(V))
      return Value::invalid();
    if (!V->Ty) {
      // Every assignment failed to type; report only if nothing else did.
      if (!HadError)
        error(N.Range, DiagKind::UnassignedVariable, {N.Id});
      return Value::invalid();
    }
    auto *Ref = make<VarRefExpr>(N.Range, V->Ty);
    Ref->Var = V;
    return Value::expr(Ref);
  }
  // Undefined and host-only names were reported by Sema's name check.
  if (const Symbol *Sym = Scope.lookup(N.Id))
    return lowerSymbol(*Sym, N.Id, N);
  if (auto Path = Scope.resolvePath(N)) {
    Value V;
    V.K = Value::Kind::Path;
    V.Path = *Path;
    return V;
  }
  if (Info.Synthetic) // a mistake in pykc's templates, never silent
    error(N.Range, DiagKind::UndefinedName, {N.Id});
  return Value::invalid();
}

Value FunctionLowerer::lowerSymbol(const Symbol &Sym, const std::string &Name,
                                   const fe::Expr &At) {
  switch (Sym.K) {
  case Symbol::Kind::Path: {
    // `from numba import float32`: a dtype; `from math import pi`: a float.
    if (auto *N = dyn_cast<NameExpr>(&At))
      if (auto C = Scope.constantOf(*N))
        return lowerConstantValue(*C, At.Range);
    if (auto C = Scope.constantOf(At))
      return lowerConstantValue(*C, At.Range);
    Value V;
    V.K = Value::Kind::Path;
    V.Path = Sym.Path;
    return V;
  }
  case Symbol::Kind::Constant: {
    if (Sym.Value.K == ConstantValue::Kind::Array) {
      // One frozen copy per module and name: another module's TABLE is
      // not this one's.
      const std::string &Module = Sym.Imported ? Sym.Imported->name() : Scope.name();
      std::string Qualified = Module.empty() ? Name : Module + "__" + Name;
      return Value::expr(constArray(Qualified, Sym.Value, At.Range));
    }
    return lowerConstantValue(Sym.Value, At.Range);
  }
  case Symbol::Kind::Function: {
    Value V;
    V.K = Value::Kind::Function;
    V.Fn = Sym.Fn;
    return V;
  }
  case Symbol::Kind::Module: {
    Value V;
    V.K = Value::Kind::Module;
    V.Mod = Sym.Imported;
    V.Path = Sym.Path;
    return V;
  }
  case Symbol::Kind::Foreign: {
    Value V;
    V.K = Value::Kind::Foreign;
    V.Foreign = Sym.Foreign;
    return V;
  }
  case Symbol::Kind::Host:
    if (Info.Synthetic) // pykc's own source: no name check ran on it
      error(At.Range, DiagKind::UndefinedName, {Name});
    return Value::invalid();
  }
  return Value::invalid();
}

Expr *FunctionLowerer::constArray(const std::string &Name, const ConstantValue &C,
                                  SourceRange Range) {
  std::shared_ptr<const ConstantValue> &Data = S.ConstantArrays[Name];
  if (!Data)
    Data = std::make_shared<const ConstantValue>(C);
  auto *A = make<ConstArrayExpr>(
      Range, S.Types.array(C.Record ? static_cast<const Type *>(C.Record) : C.Dtype,
                           unsigned(C.Shape.size()), ArrayLayout::C, AddressSpace::Constant));
  A->Name = Name;
  A->Data = Data;
  return A;
}

Value FunctionLowerer::lowerConstantValue(const ConstantValue &C, SourceRange Range) {
  if (C.Typed) { // a NumPy scalar: its own type
    switch (C.K) {
    case ConstantValue::Kind::Int:
      return Value::expr(constantInt(C.Int, C.Typed, Range));
    case ConstantValue::Kind::Float:
      return Value::expr(constantFloat(C.Float, C.Typed, Range));
    case ConstantValue::Kind::Bool:
      return Value::expr(constantInt(C.Bool, C.Typed, Range));
    case ConstantValue::Kind::Complex:
      return Value::expr(constantComplex(C.Float, C.Imag, C.Typed, Range));
    default:
      break;
    }
  }
  switch (C.K) {
  case ConstantValue::Kind::Int:
    return Value::expr(constantInt(C.Int, S.Types.int64(), Range));
  case ConstantValue::Kind::Float:
    return Value::expr(constantFloat(C.Float, S.Types.float64(), Range));
  case ConstantValue::Kind::Bool:
    return Value::expr(constantInt(C.Bool, S.Types.boolean(), Range));
  case ConstantValue::Kind::Complex:
    return Value::expr(constantComplex(C.Float, C.Imag, S.Types.complex128(), Range));
  case ConstantValue::Kind::EnumMember: {
    auto *M = make<ir::ConstantExpr>(Range, C.Enum);
    M->IntBits = uint64_t(C.Int);
    return Value::expr(M);
  }
  case ConstantValue::Kind::Tuple: {
    std::vector<const Type *> Types;
    ExprList Elements;
    for (const ConstantValue &E : C.Elements) {
      Value V = lowerConstantValue(E, Range);
      if (V.K != Value::Kind::Expr)
        break;
      Elements.push_back(V.E);
      Types.push_back(V.E->Ty);
    }
    if (Elements.size() == C.Elements.size()) {
      auto *T = make<TupleMakeExpr>(Range, S.Types.tuple(Types));
      T->Elements = Elements;
      return Value::expr(T);
    }
    [[fallthrough]];
  }
  default: {
    Value V;
    V.K = Value::Kind::Constant;
    V.Const = C;
    return V;
  }
  }
}

Value FunctionLowerer::lowerAttribute(const AttributeExpr &A) {
  Value Base = lower(*A.Value);
  if (!Base.isValid())
    return Base;
  if (Base.K == Value::Kind::Path) {
    std::string Path = Base.Path + "." + A.Attr;
    if (auto Reg = specialRegister(Path)) {
      auto *R = make<SpecialRegExpr>(A.Range, S.Types.int32());
      R->Reg = Reg->Reg;
      R->Dim = Reg->Dim;
      return Value::expr(R);
    }
    if (auto C = Scope.constantOf(A))
      return lowerConstantValue(*C, A.Range);
    bool VectorCtor = Base.Path == "numba.cuda" && S.Types.vectorByName(A.Attr);
    bool FromBuffer = Path == "cffi.FFI().from_buffer"; // LowerForeign.cpp
    if (isKnownBuiltinPath(Path) || VectorCtor || FromBuffer) {
      Value V;
      V.K = Value::Kind::Path;
      V.Path = Path;
      return V;
    }
    // threadIdx, blockIdx, blockDim and gridDim have x, y and z only: any
    // other attribute is a mistake, not a feature pykc lacks.
    if (specialRegister(Base.Path + ".x")) {
      unknownAttributeError(A, Base);
      return Value::invalid();
    }
    if (std::string Top = Path.substr(0, Path.find('.')); !isKnownLibrary(Top) && Top[0] != '.') {
      error(A.Range, DiagKind::ModuleNotFound, {Top});
      return Value::invalid();
    }
    unsupportedFunctionError(A.Range, Path);
    return Value::invalid();
  }
  if (Base.K == Value::Kind::Module) {
    // helpers.scale: what helpers.py binds; its constants and arrays are
    // its own (frozen under their module's name).
    if (const Symbol *Sym = Base.Mod->lookup(A.Attr); Sym && Sym->K != Symbol::Kind::Host) {
      Symbol Copy = *Sym;
      if (Copy.K == Symbol::Kind::Constant)
        Copy.Imported = Base.Mod;
      if (Copy.K == Symbol::Kind::Path) { // what that module imported
        Value V;
        V.K = Value::Kind::Path;
        V.Path = Copy.Path;
        return V;
      }
      return lowerSymbol(Copy, A.Attr, A);
    }
    unknownAttributeError(A, Base);
    return Value::invalid();
  }
  if (Base.K == Value::Kind::Constant && Base.Const.K == ConstantValue::Kind::EnumClass) {
    if (std::optional<ConstantValue> Member = enumMember(*Base.Const.Enum, A.Attr))
      return lowerConstantValue(*Member, A.Range);
  }
  if (Base.K == Value::Kind::Expr) {
    // g.sync(): the GridGroup holds nothing, so only the method remains
    // (its receiver, a variable or cuda.cg.this_grid(), has no effects).
    if (Base.E->Ty->kind() == TypeKind::GridGroup && A.Attr == "sync") {
      Value V;
      V.K = Value::Kind::Path;
      V.Path = "numba.cuda.cg.GridGroup.sync";
      return V;
    }
    if (Value Part = lowerNumberAttribute(Base.E, A.Attr, A.Range); Part.isValid())
      return Part;
    if (auto *E = dynCast<EnumType>(Base.E->Ty); E && A.Attr == "value") {
      if (E->isCoded()) { // its members are ordinals at run time
        error(A.AttrRange, DiagKind::UnsupportedSyntax,
              {"'.value' of a member of " + E->name() +
               ", whose values are not ints (its members compare with ==, != and is),"});
        return Value::invalid();
      }
      return Value::expr(enumValue(Base.E));
    }
    if (auto *TT = dynCast<TupleType>(Base.E->Ty); TT && TT->isNamed()) {
      if (int K = TT->fieldIndex(A.Attr); K >= 0) // p.x: a named tuple's field
        return Value::expr(tupleElement(Base.E, unsigned(K), A.Range));
    }
    if (auto *R = dynCast<RecordType>(Base.E->Ty)) {
      std::optional<unsigned> Field = recordField(R, A, A.AttrRange);
      return Field ? Value::expr(readField(Base.E, *Field, A.Range)) : Value::invalid();
    }
    if (auto *VT = dynCast<VectorType>(Base.E->Ty)) {
      static const std::string Names = "xyzw";
      size_t K = A.Attr.size() == 1 ? Names.find(A.Attr[0]) : std::string::npos;
      if (K != std::string::npos && K < VT->count()) {
        auto *Get = make<TupleGetExpr>(A.Range, VT->base());
        Get->Tuple = Base.E;
        Get->Index = unsigned(K);
        return Value::expr(Get);
      }
    }
    if (auto *AT = dynCast<ArrayType>(Base.E->Ty)) {
      if (A.Attr == "shape") {
        Expr *Array = materialize(Base.E);
        auto *T = make<TupleMakeExpr>(A.Range, S.Types.uniTuple(S.Types.intp(), AT->ndim()));
        for (unsigned D = 0; D < AT->ndim(); ++D) {
          auto *Dim = make<ArrayDimExpr>(A.Range, S.Types.intp());
          Dim->Array = Array;
          Dim->Dim = D;
          T->Elements.push_back(Dim);
        }
        return Value::expr(T);
      }
      if (A.Attr == "size") {
        auto *Sz = make<ArraySizeExpr>(A.Range, S.Types.intp());
        Sz->Array = Base.E;
        return Value::expr(Sz);
      }
      if (A.Attr == "ndim")
        return Value::expr(constantInt(AT->ndim(), S.Types.int64(), A.Range));
      // A complex array's parts, as float arrays sharing its memory.
      if ((A.Attr == "real" || A.Attr == "imag") && !AT->record() && AT->dtype()->isComplex()) {
        auto *V = make<ArrayReinterpretExpr>(
            A.Range, S.Types.array(S.Types.complexPart(AT->dtype()), AT->ndim(), ArrayLayout::A,
                                   AT->addressSpace()));
        V->Array = Base.E;
        V->Part = A.Attr == "imag";
        return Value::expr(V);
      }
    }
  }
  unknownAttributeError(A, Base);
  return Value::invalid();
}

Expr *FunctionLowerer::arrayAccess(Expr *Array, const ArrayType *AT, ExprList Indices,
                                   SourceRange Range) {
  if (Indices.size() == AT->ndim()) {
    // An element of an array of records is a reference to it; a frozen
    // constant's cannot be stored through.
    const Type *Ty = AT->element();
    if (auto *R = AT->record(); R && AT->addressSpace() == AddressSpace::Constant)
      Ty = S.Types.readOnly(R);
    auto *Load = make<ArrayLoadExpr>(Range, Ty);
    Load->Array = Array;
    Load->Indices = std::move(Indices);
    return Load;
  }
  // Fixing leading indices of a C array leaves a C array; otherwise strides
  // are arbitrary.
  ArrayLayout Layout = AT->layout() == ArrayLayout::C ? ArrayLayout::C : ArrayLayout::A;
  auto *View = make<ArrayViewExpr>(
      Range, S.Types.array(AT->element(), AT->ndim() - unsigned(Indices.size()), Layout,
                           AT->addressSpace()));
  View->Array = Array;
  for (Expr *I : Indices) {
    ViewIndex Entry;
    Entry.Index = I;
    View->Entries.push_back(Entry);
  }
  return View;
}

namespace {

/// The parts of a subscript: `a[i, 1:3]` has two, `a[i]` one.
std::vector<const fe::Expr *> indexParts(const fe::Expr &Index) {
  if (auto *T = dyn_cast<TupleExpr>(&Index))
    return {T->Elts.begin(), T->Elts.end()};
  return {&Index};
}

/// Numba's layout for basic indexing of a C or F array (arraydecl.py): the
/// indices from the outermost dimension in memory inward keep the array
/// contiguous while they are integers, and the innermost may be a slice
/// without a step.
ArrayLayout viewLayout(const ArrayType *AT, const std::vector<ViewIndex> &Entries) {
  if (AT->layout() == ArrayLayout::A)
    return ArrayLayout::A;
  std::vector<const ViewIndex *> Outer;
  for (const ViewIndex &I : Entries)
    Outer.push_back(&I);
  if (AT->layout() == ArrayLayout::F) {
    // F order's outermost dimension is the last: the entries must reach it.
    if (Entries.size() < AT->ndim())
      return ArrayLayout::A;
    std::reverse(Outer.begin(), Outer.end());
  }
  for (size_t K = 0; K < Outer.size(); ++K) {
    bool Innermost = K + 1 == Outer.size();
    if (Outer[K]->isSlice() && (!Innermost || Outer[K]->Step))
      return ArrayLayout::A;
  }
  return AT->layout();
}

} // namespace

Value FunctionLowerer::lowerSliceView(Expr *Array, const ArrayType *AT, const SubscriptExpr &Sub) {
  std::vector<const fe::Expr *> Parts = indexParts(*Sub.Index);
  if (Parts.size() > AT->ndim()) {
    error(Sub.Range, DiagKind::IndexCount,
          {std::to_string(AT->ndim()), std::to_string(Parts.size())});
    return Value::invalid();
  }
  // Each index or slice bound is an integer, as Numba requires.
  auto Integer = [&](const fe::Expr *P) -> Expr * {
    if (!P)
      return nullptr;
    Expr *V = lowerValue(*P);
    if (!V)
      return nullptr;
    auto *ST = dynCast<ScalarType>(V->Ty);
    if (!ST || !ST->isInteger()) {
      indexTypeError(*P, P->Range, V->Ty);
      return nullptr;
    }
    return V;
  };
  std::vector<ViewIndex> Entries;
  unsigned Kept = 0;
  for (const fe::Expr *P : Parts) {
    ViewIndex I;
    if (auto *Sl = dyn_cast<SliceExpr>(P)) {
      I.Start = Integer(Sl->Lower);
      I.Stop = Integer(Sl->Upper);
      I.Step = Integer(Sl->Step);
      if ((Sl->Lower && !I.Start) || (Sl->Upper && !I.Stop) || (Sl->Step && !I.Step))
        return Value::invalid();
      ++Kept;
    } else if (!(I.Index = Integer(P))) {
      return Value::invalid();
    }
    Entries.push_back(I);
  }
  Kept += AT->ndim() - unsigned(Entries.size());
  auto *View = make<ArrayViewExpr>(
      Sub.Range, S.Types.array(AT->element(), Kept, viewLayout(AT, Entries), AT->addressSpace()));
  View->Array = Array;
  View->Entries = std::move(Entries);
  return Value::expr(View);
}

bool FunctionLowerer::lowerArrayIndices(const ArrayType *AT, const fe::Expr &Index,
                                        SourceRange Range, ExprList &Out, bool AllowView) {
  std::vector<const fe::Expr *> From; // the source of each of Out
  for (const fe::Expr *P : indexParts(Index)) {
    if (isa<SliceExpr>(P)) {
      error(P->Range, DiagKind::UnsupportedSyntax, {"assigning to a slice of an array"});
      return false;
    }
    Expr *V = lowerValue(*P);
    if (!V)
      return false;
    if (auto *TT = dynCast<TupleType>(V->Ty)) {
      // `idx = (i, j); a[idx]`
      Expr *Tuple = materialize(V);
      for (size_t I = 0; I < TT->size(); ++I) {
        auto *Get = make<TupleGetExpr>(P->Range, TT->elements()[I]);
        Get->Tuple = Tuple;
        Get->Index = unsigned(I);
        Out.push_back(Get);
        From.push_back(P);
      }
    } else {
      Out.push_back(V);
      From.push_back(P);
    }
  }
  for (size_t K = 0; K < Out.size(); ++K) {
    Expr *I = Out[K];
    auto *ST = dynCast<ScalarType>(I->Ty);
    if (!ST || !ST->isInteger()) {
      indexTypeError(*From[K], I->Range.isValid() ? I->Range : Index.Range, I->Ty);
      return false;
    }
  }
  if (Out.size() > AT->ndim()) {
    error(Range, DiagKind::IndexCount, {std::to_string(AT->ndim()), std::to_string(Out.size())});
    return false;
  }
  if (Out.size() < AT->ndim() && !AllowView) {
    error(Range, DiagKind::UnsupportedSyntax,
          {"assigning to a whole row of an array (index every dimension)"});
    return false;
  }
  return true;
}

Value FunctionLowerer::lowerSubscript(const SubscriptExpr &Sub) {
  Value Base = lower(*Sub.Value);
  if (!Base.isValid())
    return Base;
  // Color['red']: an enum's member by name.
  if (Base.K == Value::Kind::Constant && Base.Const.K == ConstantValue::Kind::EnumClass) {
    std::optional<ConstantValue> Name = evaluate(*Sub.Index);
    std::optional<ConstantValue> Member;
    if (Name && Name->K == ConstantValue::Kind::String)
      Member = enumMember(*Base.Const.Enum, Name->String);
    if (!Member) {
      error(Sub.Index->Range, DiagKind::InvalidArgument,
            {Base.Const.str() + "[...]", "expected the name of one of its members"});
      return Value::invalid();
    }
    return lowerConstantValue(*Member, Sub.Range);
  }
  if (Base.K == Value::Kind::Expr) {
    if (auto *R = dynCast<RecordType>(Base.E->Ty)) { // r['x'], r[0]
      std::optional<unsigned> Field = recordField(R, *Sub.Index, Sub.Range);
      return Field ? Value::expr(readField(Base.E, *Field, Sub.Range)) : Value::invalid();
    }
    if (auto *AT = dynCast<ArrayType>(Base.E->Ty)) {
      std::vector<const fe::Expr *> Parts = indexParts(*Sub.Index);
      if (std::any_of(Parts.begin(), Parts.end(), [](const fe::Expr *E) { return isa<SliceExpr>(E); }))
        return lowerSliceView(Base.E, AT, Sub);
      ExprList Indices;
      if (!lowerArrayIndices(AT, *Sub.Index, Sub.Range, Indices, /*AllowView=*/true))
        return Value::invalid();
      return Value::expr(arrayAccess(Base.E, AT, std::move(Indices), Sub.Range));
    }
    if (auto *TT = dynCast<TupleType>(Base.E->Ty)) {
      if (isa<SliceExpr>(Sub.Index)) {
        error(Sub.Index->Range, DiagKind::UnsupportedSyntax, {"slicing a tuple"});
        return Value::invalid();
      }
      Expr *Index = lowerValue(*Sub.Index);
      if (!Index)
        return Value::invalid();
      auto *IT = dynCast<ScalarType>(Index->Ty);
      if (!IT || !IT->isInteger()) {
        indexTypeError(*Sub.Index, Sub.Index->Range, Index->Ty);
        return Value::invalid();
      }
      if (auto *C = dynCast<ir::ConstantExpr>(Index)) {
        int64_t K = IT->isSigned() ? int64_t(C->IntBits) : int64_t(C->IntBits);
        if (K < 0)
          K += int64_t(TT->size());
        if (K < 0 || K >= int64_t(TT->size())) {
          error(Sub.Index->Range, DiagKind::TupleIndex,
                {std::to_string(int64_t(C->IntBits)), TT->str()});
          return Value::invalid();
        }
        return Value::expr(tupleElement(Base.E, unsigned(K), Sub.Range));
      }
      if (!TT->isUniform()) {
        error(Sub.Index->Range, DiagKind::NotConstant,
              {"an index into a tuple of mixed types"});
        return Value::invalid();
      }
      auto *Get = make<TupleGetDynamicExpr>(Sub.Range, TT->elements().front());
      Get->Tuple = Base.E;
      Get->Index = Index;
      return Value::expr(Get);
    }
  }
  // kernel[blocks, threads](...): a launch from device code (dynamic
  // parallelism), not an index.
  if (Base.K == Value::Kind::Function && Base.Fn->Role == FunctionRole::Kernel) {
    error(Sub.Range, DiagKind::KernelCall, {Base.Fn->Name});
    return Value::invalid();
  }
  error(Sub.Value->Range, DiagKind::NotIndexable, {describe(Base)});
  return Value::invalid();
}

Expr *FunctionLowerer::lowerTuple(const TupleExpr &T) {
  std::vector<const Type *> Types;
  ExprList Elements;
  for (const fe::Expr *E : T.Elts) {
    Expr *V = lowerValue(*E);
    if (!V)
      return nullptr;
    Elements.push_back(V);
    Types.push_back(V->Ty);
  }
  auto *Make = make<TupleMakeExpr>(T.Range, S.Types.tuple(Types));
  Make->Elements = Elements;
  return Make;
}

namespace {

/// The IR's operator for a Python binary operator; none for `@`, which no
/// kernel type supports.
std::optional<ArithOp> arithOp(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add: return ArithOp::Add;
  case BinaryOp::Sub: return ArithOp::Sub;
  case BinaryOp::Mult: return ArithOp::Mul;
  case BinaryOp::Div: return ArithOp::TrueDiv;
  case BinaryOp::FloorDiv: return ArithOp::FloorDiv;
  case BinaryOp::Mod: return ArithOp::Mod;
  case BinaryOp::Pow: return ArithOp::Pow;
  case BinaryOp::LShift: return ArithOp::Shl;
  case BinaryOp::RShift: return ArithOp::Shr;
  case BinaryOp::BitAnd: return ArithOp::BitAnd;
  case BinaryOp::BitOr: return ArithOp::BitOr;
  case BinaryOp::BitXor: return ArithOp::BitXor;
  case BinaryOp::MatMult: return std::nullopt;
  }
  return std::nullopt;
}

/// The IR's comparison for a Python one; none for `is` and `in`.
std::optional<CompareOp> compareOp(CmpOp Op) {
  switch (Op) {
  case CmpOp::Eq: return CompareOp::Eq;
  case CmpOp::NotEq: return CompareOp::Ne;
  case CmpOp::Lt: return CompareOp::Lt;
  case CmpOp::LtE: return CompareOp::Le;
  case CmpOp::Gt: return CompareOp::Gt;
  case CmpOp::GtE: return CompareOp::Ge;
  default: return std::nullopt;
  }
}

} // namespace

Expr *FunctionLowerer::lowerBinary(BinaryOp PyOp, Expr *L, Expr *R, SourceRange OpRange,
                                   SourceRange Range) {
  std::optional<ArithOp> Op = arithOp(PyOp);
  std::optional<Signature> Sig;
  if (Op && dynCast<ScalarType>(L->Ty) && dynCast<ScalarType>(R->Ty))
    Sig = S.Ops.binary(*Op, L->Ty, R->Ty);
  if (!Sig) {
    error(Range, DiagKind::UnsupportedBinary, {std::string(spelling(PyOp)), L->Ty->str(), R->Ty->str()});
    noteSignatureOperand(L);
    if (R != L)
      noteSignatureOperand(R);
    return nullptr;
  }
  if (auto *CT = dynCast<ScalarType>(Sig->Result);
      CT && CT->isComplex() && (*Op == ArithOp::TrueDiv || *Op == ArithOp::Pow))
    return complexArith(*Op, L, R, CT, Range);
  auto *B = make<ir::BinaryExpr>(Range, Sig->Result);
  B->Op = *Op;
  B->LHS = convert(L, Sig->Args[0]);
  B->RHS = convert(R, Sig->Args[1]);
  return B;
}

Expr *FunctionLowerer::lowerUnary(const fe::UnaryExpr &U) {
  Expr *V = lowerValue(*U.Operand);
  if (!V)
    return nullptr;
  return unaryValue(U.Op, V, U.Operand->Range, U.Range);
}

Expr *FunctionLowerer::unaryValue(UnaryOp UOp, Expr *V, SourceRange OperandRange,
                                  SourceRange Range) {
  if (UOp == UnaryOp::Not) {
    Expr *T = truth(V, OperandRange);
    if (!T)
      return nullptr;
    auto *N = make<ir::UnaryExpr>(Range, S.Types.boolean());
    N->Op = UnaryArithOp::Not;
    N->Operand = T;
    return N;
  }
  // `+x` types as `-x` does (Numba's tables share the cases) and lowers to
  // its converted operand.
  UnaryArithOp Op = UOp == UnaryOp::Invert ? UnaryArithOp::Invert : UnaryArithOp::Neg;
  std::optional<Signature> Sig;
  if (dynCast<ScalarType>(V->Ty))
    Sig = S.Ops.unary(Op, V->Ty);
  if (!Sig) {
    error(Range, DiagKind::UnsupportedUnary, {std::string(spelling(UOp)), V->Ty->str()});
    noteSignatureOperand(V);
    return nullptr;
  }
  Expr *Operand = convert(V, Sig->Args[0]);
  if (UOp == UnaryOp::UAdd)
    return convert(Operand, Sig->Result);
  // Fold negative literals so `t[-1]` and `range(n, 0, -1)` see constants.
  if (auto *C = dynCast<ir::ConstantExpr>(Operand); C && UOp == UnaryOp::USub &&
                                                   Sig->Result == Sig->Args[0]) {
    auto *ST = dynCast<ScalarType>(C->Ty);
    auto *Neg = make<ir::ConstantExpr>(Range, C->Ty);
    if (ST->isFloat() || ST->isComplex()) {
      Neg->FloatValue = -C->FloatValue;
      Neg->ImagValue = -C->ImagValue;
    } else
      Neg->IntBits = uint64_t(0) - C->IntBits;
    return Neg;
  }
  auto *N = make<ir::UnaryExpr>(Range, Sig->Result);
  N->Op = Op;
  N->Operand = convert(Operand, Sig->Result);
  return N;
}

namespace {
bool isNoneLiteral(const fe::Expr &E) {
  auto *K = dyn_cast<fe::ConstantExpr>(&E);
  return K && K->CK == ConstantKind::None;
}
} // namespace

const EnumType *FunctionLowerer::intEnumOf(const fe::Expr &E, const Expr *Lowered) {
  // A parameter passed as an IntEnum member (its ArgType is the class).
  if (auto *Ref = dynCast<VarRefExpr>(Lowered))
    if (auto *T = dynCast<EnumType>(Ref->Var->ArgType); T && T->isIntEnum())
      return T;
  // Shape.circle, Shape['circle'].
  const fe::Expr *Class = nullptr;
  if (auto *A = dyn_cast<fe::AttributeExpr>(&E))
    Class = A->Value;
  else if (auto *Sub = dyn_cast<fe::SubscriptExpr>(&E))
    Class = Sub->Value;
  if (Class)
    if (auto C = Scope.constantOf(*Class);
        C && C->K == ConstantValue::Kind::EnumClass && C->Enum->isIntEnum())
      return C->Enum;
  return nullptr;
}

Expr *FunctionLowerer::lowerIdentity(const fe::CompareExpr &C) {
  // Numba's generic `is`: values of one immutable type are compared with
  // ==; values of different types (a number and None) are never the same
  // object, a constant that prunes the branch it decides. Both operands are
  // still evaluated.
  bool Not = C.Ops[0] == CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  const Type *None = S.Types.none();
  Expr *Left = isNoneLiteral(L) ? nullptr : lowerOptional(L);
  if (!isNoneLiteral(L) && !Left)
    return nullptr;
  Expr *Right = isNoneLiteral(R) ? nullptr : lowerOptional(R);
  if (!isNoneLiteral(R) && !Right)
    return nullptr;
  const Type *LT = Left ? Left->Ty : None, *RT = Right ? Right->Ty : None;
  // An optional against None tests whether it holds a value.
  if (dynCast<OptionalType>(LT) && RT == None)
    return optionalIsNone(Left, Not, C.Range);
  if (dynCast<OptionalType>(RT) && LT == None)
    return optionalIsNone(Right, Not, C.Range);
  if (Left)
    Left = unwrapOptional(Left);
  if (Right)
    Right = unwrapOptional(Right);
  LT = Left ? Left->Ty : None, RT = Right ? Right->Ty : None;
  // IntEnum members compute as int64s but are not ints to `is`: a member is
  // its class (Shape.circle is not IntEnumWithNegatives.two, nor 1).
  const EnumType *LE = Left ? intEnumOf(L, Left) : nullptr;
  const EnumType *RE = Right ? intEnumOf(R, Right) : nullptr;
  if (LE != RE) {
    if (Left)
      materialize(Left);
    if (Right)
      materialize(Right);
    return constantInt(Not, S.Types.boolean(), C.Range);
  }
  if (LT == RT && (dynCast<ScalarType>(LT) || dynCast<EnumType>(LT))) {
    auto *Cmp = make<ir::CompareExpr>(C.Range, S.Types.boolean());
    Cmp->Op = Not ? CompareOp::Ne : CompareOp::Eq;
    Cmp->LHS = dynCast<EnumType>(LT) ? enumValue(Left) : Left;
    Cmp->RHS = dynCast<EnumType>(LT) ? enumValue(Right) : Right;
    return Cmp;
  }
  if (LT == RT && LT != None) {
    error(C.OpRanges[0], DiagKind::UnsupportedBinary,
          {std::string(spelling(C.Ops[0])), LT->str(), RT->str()});
    return nullptr;
  }
  if (Left)
    materialize(Left);
  if (Right)
    materialize(Right);
  return constantInt((LT == RT) != Not, S.Types.boolean(), C.Range);
}

Expr *FunctionLowerer::lowerCompare(const fe::CompareExpr &C) {
  // `a < b < c` is `a < b and b < c` with b evaluated once, and c only when
  // a < b: each later link is lowered conditionally, and the links nest to
  // the right so that each one's temporaries run after the previous test.
  if (C.Ops.size() == 1 && (C.Ops[0] == CmpOp::Is || C.Ops[0] == CmpOp::IsNot))
    return lowerIdentity(C);
  Expr *Left = lowerValue(*C.Left);
  if (!Left)
    return nullptr;
  ExprList Links;
  for (size_t I = 0; I < C.Ops.size(); ++I) {
    std::optional<CompareOp> Op = compareOp(C.Ops[I]);
    if (!Op) {
      error(C.OpRanges[I], DiagKind::UnsupportedSyntax,
            {"'" + std::string(spelling(C.Ops[I])) + "'"});
      return nullptr;
    }
    auto Link = [&]() -> Expr * {
      Expr *Right = lowerValue(*C.Comparators[I]);
      if (!Right)
        return nullptr;
      if (I + 1 < C.Ops.size())
        Right = materialize(Right);
      Expr *Cmp = compareValues(*Op, Left, Right, C.Range);
      Left = Right;
      return Cmp;
    };
    Expr *Cmp = I == 0 ? Link() : lowerConditionally(Link);
    if (!Cmp)
      return nullptr;
    Links.push_back(Cmp);
  }
  Expr *Result = Links.back();
  for (size_t I = Links.size() - 1; I-- > 0;) {
    auto *And = make<LogicalExpr>(C.Range, S.Types.boolean());
    And->IsAnd = true;
    And->LHS = Links[I];
    And->RHS = Result;
    Result = And;
  }
  return Result;
}

Expr *FunctionLowerer::compareValues(CompareOp Op, Expr *Left, Expr *Right, SourceRange Range) {
  std::optional<Signature> Sig;
  if (dynCast<ScalarType>(Left->Ty) && dynCast<ScalarType>(Right->Ty))
    Sig = S.Ops.compare(Op, Left->Ty, Right->Ty);
  // Members of one enum class: equal when their values are.
  if (dynCast<EnumType>(Left->Ty) && Left->Ty == Right->Ty &&
      (Op == CompareOp::Eq || Op == CompareOp::Ne)) {
    auto *Cmp = make<ir::CompareExpr>(Range, S.Types.boolean());
    Cmp->Op = Op;
    Cmp->LHS = enumValue(Left);
    Cmp->RHS = enumValue(Right);
    return Cmp;
  }
  if (!Sig) {
    error(SourceRange::cover(Left->Range, Right->Range), DiagKind::UnsupportedBinary,
          {std::string(spelling(Op)), Left->Ty->str(), Right->Ty->str()});
    return nullptr;
  }
  auto *Cmp = make<ir::CompareExpr>(Range, S.Types.boolean());
  Cmp->Op = Op;
  Cmp->LHS = convert(Left, Sig->Args[0]);
  Cmp->RHS = convert(Right, Sig->Args[1]);
  return Cmp;
}

Expr *FunctionLowerer::lowerBoolOp(const BoolOpExpr &B) {
  ExprList Values;
  const Type *Ty = nullptr;
  std::set<std::string> Shown; // names the operands before show not None
  for (const fe::Expr *E : B.Values) {
    // Operands after the first run only when the ones before do not decide.
    Expr *V = Values.empty() ? lowerOptional(*E) : withNotNone(Shown, [&] {
      return lowerConditionally([&] { return lowerOptional(*E); });
    });
    if (!V)
      return nullptr;
    Narrowing N = narrowingOf(*E);
    auto &From = B.Op == BoolOpKind::And ? N.WhenTrue : N.WhenFalse;
    Shown.insert(From.begin(), From.end());
    if (dynCast<OptionalType>(V->Ty)) {
      error(E->Range, DiagKind::OptionalCondition, {std::string(File->text(E->Range)), V->Ty->str()});
      return nullptr;
    }
    if (!dynCast<ScalarType>(V->Ty)) {
      error(E->Range, DiagKind::InvalidCondition, {V->Ty->str()});
      return nullptr;
    }
    Ty = Ty ? unifyTypes(S.Types, Ty, V->Ty) : V->Ty;
    Values.push_back(V);
  }
  Expr *Acc = convert(Values[0], Ty);
  for (size_t I = 1; I < Values.size(); ++I) {
    auto *L = make<LogicalExpr>(B.Range, Ty);
    L->IsAnd = B.Op == BoolOpKind::And;
    L->LHS = Acc;
    L->RHS = convert(Values[I], Ty);
    Acc = L;
  }
  return Acc;
}

Expr *FunctionLowerer::lowerIfExp(const IfExpExpr &I) {
  Expr *Cond = lowerCondition(*I.Test);
  Narrowing N = narrowingOf(*I.Test);
  // An arm that a test shows to hold a value gives that value: `x if x is
  // not None else 0` is an int64.
  auto Arm = [&](const fe::Expr &E) {
    Expr *V = lowerOptional(E);
    auto *Var = V ? dynCast<VarRefExpr>(V) : nullptr;
    return Var && NotNone.count(Var->Var->Name) ? unwrapOptional(V) : V;
  };
  Expr *Then = withNotNone(N.WhenTrue, [&] {
    return lowerConditionally([&] { return Arm(*I.Body); });
  });
  Expr *Else = withNotNone(N.WhenFalse, [&] {
    return lowerConditionally([&] { return Arm(*I.OrElse); });
  });
  if (!Cond || !Then || !Else)
    return nullptr;
  const Type *Ty = unifyTypes(S.Types, Then->Ty, Else->Ty);
  if (!Ty) {
    error(I.Range, DiagKind::UnsupportedBinary, {"if-else", Then->Ty->str(), Else->Ty->str()});
    return nullptr;
  }
  auto *Sel = make<SelectExpr>(I.Range, Ty);
  Sel->Cond = Cond;
  Sel->Then = convert(Then, Ty);
  Sel->Else = convert(Else, Ty);
  return Sel;
}

} // namespace pykc::ir
