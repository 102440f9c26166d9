//===- check/CheckExpr.cpp - Typing constants, names and tuples -----------===//
//
// Each function answers what its lowering counterpart (ir/build/BuildExpr.cpp)
// would make, in the same order and with the same short-circuits, without
// making it. A Value that the lowering makes as a constant carries its
// bits (Folded), as `if` pruning and, later, the builder need them.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

#include <cstdint>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

Fold intBits(int64_t V) {
  Fold F;
  F.IntBits = uint64_t(V);
  return F;
}

Fold floatBits(double V) {
  Fold F;
  F.FloatValue = V;
  return F;
}

Fold complexBits(double Re, double Im) {
  Fold F;
  F.FloatValue = Re;
  F.ImagValue = Im;
  return F;
}

/// A constant of type \p Ty holding \p V, as lowering's constantInt makes
/// it: a float type holds the value as a double.
Checked intConstant(int64_t V, const Type *Ty) {
  auto *ST = dynCast<ScalarType>(Ty);
  return Checked::constant(Ty, ST && ST->isFloat() ? floatBits(double(V))
                                                   : intBits(V));
}

} // namespace

Checked FunctionChecker::checkOptional(const fe::Expr &E) {
  if (isNoneLiteral(E))
    return Checked::value(Types.none()); // not a constant: an optional's None
  Checked V = check(E);
  if (V.isValue())
    return V;
  if (V.isValid())
    notAValue(E.Range, V);
  return Checked::invalid();
}

Checked FunctionChecker::checkValue(const fe::Expr &E) {
  Checked V = check(E);
  if (!V.isValue()) {
    if (V.isValid())
      notAValue(E.Range, V);
    return Checked::invalid();
  }
  return unwrapped(V, E);
}

Checked FunctionChecker::unwrapped(const Checked &V, const fe::Expr &At) {
  auto *O = dynCast<OptionalType>(V.Ty);
  if (!O)
    return V;
  SourceRange Where = V.Range.isValid() ? V.Range : At.Range;
  if (walking()) {
    bool Named = V.Var >= 0;
    std::string Name = Named ? Vars[V.Var].Name : std::string(File->text(Where));
    if (!(Named && NotNone.count(Name)) && WarnedOptional.insert(Name).second)
      report(File, Where, DiagKind::OptionalUnchecked,
             {Name, O->str(), O->base()->str(),
              Named ? "'if " + Name + " is not None:'"
                    : "'v = " + Name + "' then 'if v is not None:'"});
  }
  Checked Unwrapped = Checked::value(O->base()); // checked at run time
  Unwrapped.Range = Where;
  return Unwrapped;
}

Checked FunctionChecker::checkCondition(const fe::Expr &E) {
  // The value tested, when its truth is a boolean: a number, not an
  // optional (Numba refuses those too).
  Checked V = checkOptional(E);
  if (!V.isValue())
    return V;
  if (dynCast<OptionalType>(V.Ty))
    return fail(E.Range, DiagKind::OptionalCondition,
                {std::string(File->text(E.Range)), V.Ty->str()});
  if (!dynCast<ScalarType>(V.Ty))
    return fail(E.Range, DiagKind::InvalidCondition, {V.Ty->str()});
  return V;
}

std::optional<bool> FunctionChecker::knownTruth(const Checked &Test) {
  if (!Test.isValue())
    return std::nullopt;
  if (Test.Folded)
    return foldedTruth(Test.Ty, *Test.Folded);
  return Test.ConstantTruth;
}

namespace {

/// Gives \p V (and the elements of a tuple display, such as a constant's,
/// that have none) the range \p R where it has none of its own.
void fillRange(Checked &V, SourceRange R) {
  if (!V.Range.isValid())
    V.Range = R;
  for (Checked &E : V.Elements)
    fillRange(E, R);
}

} // namespace

Checked FunctionChecker::check(const fe::Expr &E) {
  Checked V = checkExpr(E);
  if (V.isValue())
    fillRange(V, E.Range);
  return V;
}

Checked FunctionChecker::checkExpr(const fe::Expr &E) {
  switch (E.Kind) {
  case fe::NodeKind::NameExpr:
    return checkName(cast<NameExpr>(E));
  case fe::NodeKind::ConstantExpr:
    return checkConstant(cast<fe::ConstantExpr>(E));
  case fe::NodeKind::TupleExpr:
    return checkTuple(cast<TupleExpr>(E));
  case fe::NodeKind::AttributeExpr:
    return checkAttribute(cast<AttributeExpr>(E));
  case fe::NodeKind::SubscriptExpr:
    return checkSubscript(cast<SubscriptExpr>(E));
  case fe::NodeKind::UnaryExpr:
    return checkUnary(cast<fe::UnaryExpr>(E));
  case fe::NodeKind::BinaryExpr: {
    // Both operands are typed before either is tested.
    auto &B = cast<fe::BinaryExpr>(E);
    Checked L = checkValue(*B.LHS);
    Checked R = checkValue(*B.RHS);
    if (!L.isValue() || !R.isValue())
      return Checked::invalid();
    return checkBinary(B.Op, L, R, B.Range, &B);
  }
  case fe::NodeKind::BoolOpExpr:
    return checkBoolOp(cast<BoolOpExpr>(E));
  case fe::NodeKind::CompareExpr:
    return checkCompare(cast<fe::CompareExpr>(E));
  case fe::NodeKind::IfExpExpr:
    return checkIfExp(cast<IfExpExpr>(E));
  case fe::NodeKind::CallExpr:
    return checkCall(cast<fe::CallExpr>(E));
  default:
    return fail(E.Range, DiagKind::UnsupportedSyntax, {unsupportedExpressionName(E)});
  }
}

Checked FunctionChecker::checkConstant(const fe::ConstantExpr &C) {
  switch (C.CK) {
  case ConstantKind::Int:
    if (C.IntTooLarge)
      return fail(C.Range, DiagKind::ConstantOverflow, {std::string(File->text(C.Range))});
    // Numba types literals that only fit unsigned as uint64.
    return intConstant(int64_t(C.IntValue), C.IntValue > uint64_t(INT64_MAX)
                                                ? Types.uint64()
                                                : Types.int64());
  case ConstantKind::Float:
    return Checked::constant(Types.float64(), floatBits(C.FloatValue));
  case ConstantKind::Bool:
    return intConstant(C.BoolValue, Types.boolean());
  case ConstantKind::None: {
    Checked V;
    V.K = Checked::Kind::Constant;
    return V;
  }
  case ConstantKind::String:
  case ConstantKind::Bytes: {
    if (C.IsFString) // one with replacement fields; print takes values
      return fail(C.Range, DiagKind::UnsupportedSyntax,
                  {"an f-string with replacement fields (write " + printForm(C.StringValue) +
                   ": Numba-CUDA's print takes the values as arguments and formats no strings)"});
    Checked V;
    V.K = Checked::Kind::Constant;
    V.Const.K = ConstantValue::Kind::String;
    V.Const.String = C.StringValue;
    return V;
  }
  case ConstantKind::Imaginary:
    return Checked::constant(Types.complex128(), complexBits(0, C.FloatValue));
  case ConstantKind::Ellipsis:
    return fail(C.Range, DiagKind::UnsupportedSyntax, {"'...'"});
  }
  return Checked::invalid();
}

Checked FunctionChecker::checkName(const NameExpr &N) {
  if (auto It = CompileTimeParams.find(N.Id); It != CompileTimeParams.end()) {
    if (It->second.K == Checked::Kind::Constant)
      return checkConstantValue(It->second.Const);
    return It->second;
  }
  if (int Index = loadVariable(N); Index >= 0) {
    if (walking() && Poisoned.count(coalesced(Index)))
      return Checked::invalid(); // its assignment was reported
    // Untyped while every assignment so far failed to type: reported
    // only if nothing else was.
    if (!Vars[Index].Ty && walking() && !HadError)
      return fail(N.Range, DiagKind::UnassignedVariable, {N.Id});
    if (Returns) // a round: a later change of its type needs another round
      ReadThisRound[Index] = 1;
    Checked V = Checked::value(Vars[Index].Ty);
    V.Var = Index;
    return V;
  }
  if (const Symbol *Sym = Scope.lookup(N.Id))
    return checkSymbol(*Sym, N);
  if (auto Path = Scope.resolvePath(N)) {
    Checked V;
    V.K = Checked::Kind::Path;
    V.Path = *Path;
    return V;
  }
  // Undefined and host-only names were reported by the name check; not in
  // pykc's own templates, which a mistake in must never leave silent.
  if (Info.Synthetic)
    return fail(N.Range, DiagKind::UndefinedName, {N.Id});
  return Checked::invalid();
}

Checked FunctionChecker::checkSymbol(const Symbol &Sym, const fe::Expr &At) {
  Checked V;
  switch (Sym.K) {
  case Symbol::Kind::Path:
    // `from numba import float32`: a dtype; `from math import pi`: a float.
    if (auto *N = dyn_cast<NameExpr>(&At))
      if (auto C = Scope.constantOf(*N))
        return checkConstantValue(*C);
    if (auto C = Scope.constantOf(At))
      return checkConstantValue(*C);
    V.K = Checked::Kind::Path;
    V.Path = Sym.Path;
    return V;
  case Symbol::Kind::Constant:
    if (Sym.Value.K == ConstantValue::Kind::Array) {
      // A frozen module array, in constant memory.
      const ConstantValue &C = Sym.Value;
      V = Checked::value(Types.array(
          C.Record ? static_cast<const Type *>(C.Record) : C.Dtype,
          unsigned(C.Shape.size()), ArrayLayout::C, AddressSpace::Constant));
      V.ConstArray = true;
      return V;
    }
    return checkConstantValue(Sym.Value);
  case Symbol::Kind::Function:
    V.K = Checked::Kind::Function;
    V.Fn = Sym.Fn;
    return V;
  case Symbol::Kind::Module:
    V.K = Checked::Kind::Module;
    V.Mod = Sym.Imported;
    V.Path = Sym.Path;
    return V;
  case Symbol::Kind::Foreign:
    V.K = Checked::Kind::Foreign;
    V.Foreign = Sym.Foreign;
    return V;
  case Symbol::Kind::Host:
    if (Info.Synthetic) // pykc's own source: no name check ran on it
      return fail(At.Range, DiagKind::UndefinedName,
                  {isa<NameExpr>(&At) ? cast<NameExpr>(At).Id : cast<AttributeExpr>(At).Attr});
    return Checked::invalid();
  }
  return Checked::invalid();
}

Checked FunctionChecker::checkConstantValue(const ConstantValue &C) {
  using CK = ConstantValue::Kind;
  if (C.Typed) { // a NumPy scalar: its own type
    switch (C.K) {
    case CK::Int:
      return intConstant(C.Int, C.Typed);
    case CK::Float:
      return Checked::constant(C.Typed, floatBits(C.Float));
    case CK::Bool:
      return intConstant(C.Bool, C.Typed);
    case CK::Complex:
      return Checked::constant(C.Typed, complexBits(C.Float, C.Imag));
    default:
      break;
    }
  }
  switch (C.K) {
  case CK::Int:
    return intConstant(C.Int, Types.int64());
  case CK::Float:
    return Checked::constant(Types.float64(), floatBits(C.Float));
  case CK::Bool:
    return intConstant(C.Bool, Types.boolean());
  case CK::Complex:
    return Checked::constant(Types.complex128(), complexBits(C.Float, C.Imag));
  case CK::EnumMember:
    return Checked::constant(C.Enum, intBits(C.Int));
  case CK::Tuple: {
    // A tuple of constants is a tuple value (not itself a constant);
    // one holding anything else stays a compile-time constant.
    std::vector<Checked> Elements;
    for (const ConstantValue &E : C.Elements) {
      Checked V = checkConstantValue(E);
      if (!V.isValue())
        break;
      Elements.push_back(std::move(V));
    }
    if (Elements.size() == C.Elements.size())
      return tupleDisplay(std::move(Elements));
    break;
  }
  default:
    break;
  }
  Checked V;
  V.K = Checked::Kind::Constant;
  V.Const = C;
  return V;
}

Checked FunctionChecker::checkTuple(const TupleExpr &T) {
  std::vector<Checked> Elements;
  for (const fe::Expr *E : T.Elts) {
    Checked V = checkValue(*E);
    if (!V.isValue())
      return V;
    Elements.push_back(std::move(V));
  }
  return tupleDisplay(std::move(Elements));
}

Checked FunctionChecker::tupleDisplay(std::vector<Checked> Elements) {
  std::vector<const Type *> Types;
  for (const Checked &E : Elements)
    Types.push_back(E.Ty);
  Checked V = Checked::value(this->Types.tuple(Types));
  V.Display = true;
  V.Elements = std::move(Elements);
  return V;
}

Checked FunctionChecker::tupleElement(const Checked &Tuple, unsigned K) const {
  if (Tuple.Display)
    return Tuple.Elements[K];
  return Checked::value(dynCast<TupleType>(Tuple.Ty)->elements()[K]);
}

} // namespace pykc::ir
