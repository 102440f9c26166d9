//===- build/BuildExpr.cpp - Names, constants, conversions ----------------===//
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"
#include "support/InternalError.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

void FunctionBuilder::error(SourceRange Range, DiagKind Kind, std::source_location Where) {
  internalError("the IR builder of '" + F.PyName + "' met " + std::string(kindName(Kind)) +
                    " at " + File->name() + ":" + std::to_string(Range.Begin.Line) + ":" +
                    std::to_string(Range.Begin.Column) +
                    ", a typing error the typing checker did not report",
                Where.file_name(), int(Where.line()));
}

const Signature &FunctionBuilder::signatureOf(const void *Node, SourceRange Range,
                                              unsigned Part) {
  const Signature *Sig = Checker.signatureAt(Node, Part);
  if (!Sig)
    error(Range, DiagKind::InvalidArgument);
  return *Sig;
}

Expr *FunctionBuilder::constantInt(int64_t V, const Type *Ty, SourceRange Range) {
  auto *C = make<ir::ConstantExpr>(Range, Ty);
  auto *ST = dynCast<ScalarType>(Ty);
  if (ST && ST->isFloat())
    C->FloatValue = double(V);
  else
    C->IntBits = uint64_t(V);
  return C;
}

Expr *FunctionBuilder::constantFloat(double V, const Type *Ty, SourceRange Range) {
  auto *C = make<ir::ConstantExpr>(Range, Ty);
  C->FloatValue = V;
  return C;
}

Expr *FunctionBuilder::materialize(Expr *E) {
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

Expr *FunctionBuilder::convert(Expr *E, const Type *To) {
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

Expr *FunctionBuilder::tupleElement(Expr *Tuple, unsigned K, SourceRange Range) {
  // Of a tuple display, the element itself.
  if (auto *Make = dynCast<TupleMakeExpr>(Tuple))
    return Make->Elements[K];
  auto *Get = make<TupleGetExpr>(Range, dynCast<TupleType>(Tuple->Ty)->elements()[K]);
  Get->Tuple = Tuple;
  Get->Index = K;
  return Get;
}

Expr *FunctionBuilder::enumValue(Expr *E) {
  // A member is its value at run time (a coded class's, its ordinal): the
  // conversion changes no bits.
  auto *C = make<CastExpr>(E->Range, S.Types.int64());
  C->Operand = E;
  return C;
}

Expr *FunctionBuilder::truth(Expr *E, SourceRange Range) {
  if (!E)
    return nullptr;
  auto *ST = dynCast<ScalarType>(E->Ty);
  if (dynCast<OptionalType>(E->Ty))
    error(Range, DiagKind::OptionalCondition);
  if (!ST)
    error(Range, DiagKind::InvalidCondition);
  if (ST->isBoolean())
    return E;
  auto *T = make<TruthExpr>(Range, S.Types.boolean());
  T->Operand = E;
  return T;
}

Expr *FunctionBuilder::lowerValue(const fe::Expr &E) {
  Value V = lower(E);
  if (V.K == Value::Kind::Expr)
    return unwrapOptional(V.E);
  if (V.isValid())
    error(E.Range, DiagKind::NotAValue);
  return nullptr;
}

Value FunctionBuilder::lower(const fe::Expr &E) {
  switch (E.Kind) {
  case fe::NodeKind::NameExpr:
    return lowerName(cast<NameExpr>(E));
  case fe::NodeKind::ConstantExpr: {
    auto &C = cast<fe::ConstantExpr>(E);
    switch (C.CK) {
    case ConstantKind::Int:
      if (C.IntTooLarge)
        error(E.Range, DiagKind::ConstantOverflow);
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
      if (C.IsFString) // one without replacement fields is a plain string
        error(E.Range, DiagKind::UnsupportedSyntax);
      Value V;
      V.K = Value::Kind::Constant;
      V.Const.K = ConstantValue::Kind::String;
      V.Const.String = C.StringValue;
      return V;
    }
    case ConstantKind::Imaginary:
      return Value::expr(constantComplex(0, C.FloatValue, S.Types.complex128(), E.Range));
    case ConstantKind::Ellipsis:
      error(E.Range, DiagKind::UnsupportedSyntax);
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
    return Value::expr(lowerBinary(B.Op, L, R, &B, B.Range));
  }
  case fe::NodeKind::BoolOpExpr:
    return Value::expr(lowerBoolOp(cast<BoolOpExpr>(E)));
  case fe::NodeKind::CompareExpr:
    return Value::expr(lowerCompare(cast<fe::CompareExpr>(E)));
  case fe::NodeKind::IfExpExpr:
    return Value::expr(lowerIfExp(cast<IfExpExpr>(E)));
  case fe::NodeKind::CallExpr:
    return lowerCall(cast<fe::CallExpr>(E));
  default:
    error(E.Range, DiagKind::UnsupportedSyntax);
  }
}

Value FunctionBuilder::lowerName(const NameExpr &N) {
  if (auto It = CompileTimeParams.find(N.Id); It != CompileTimeParams.end()) {
    if (It->second.K == Value::Kind::Constant)
      return lowerConstantValue(It->second.Const, N.Range);
    return It->second;
  }
  if (Variable *V = loadVariable(N)) {
    if (!V->Ty)
      error(N.Range, DiagKind::UnassignedVariable);
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
    error(N.Range, DiagKind::UndefinedName);
  return Value::invalid();
}

Value FunctionBuilder::lowerSymbol(const Symbol &Sym, const std::string &Name,
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
      error(At.Range, DiagKind::UndefinedName);
    return Value::invalid();
  }
  return Value::invalid();
}

Expr *FunctionBuilder::constArray(const std::string &Name, const ConstantValue &C,
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

Value FunctionBuilder::lowerConstantValue(const ConstantValue &C, SourceRange Range) {
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

Expr *FunctionBuilder::lowerTuple(const TupleExpr &T) {
  ExprList Elements;
  for (const fe::Expr *E : T.Elts) {
    Expr *V = lowerValue(*E);
    if (!V)
      return nullptr;
    Elements.push_back(V);
  }
  return tupleOf(std::move(Elements), T.Range);
}

Expr *FunctionBuilder::tupleOf(ExprList Elements, SourceRange Range) {
  std::vector<const Type *> Types;
  for (Expr *E : Elements)
    Types.push_back(E->Ty);
  auto *Make = make<TupleMakeExpr>(Range, S.Types.tuple(Types));
  Make->Elements = std::move(Elements);
  return Make;
}

} // namespace pykc::ir
