//===- ConstantValue.cpp - Compile-time evaluation ------------------------===//
#include "ir/ConstantValue.h"
#include "ir/ConstantOperators.h"

#include <cmath>
#include <cstdio>

namespace pykc::ir {

using namespace frontend;
using CV = ConstantValue;

CV CV::makeInt(int64_t V) {
  CV C;
  C.K = Kind::Int;
  C.Int = V;
  return C;
}
CV CV::makeFloat(double V) {
  CV C;
  C.K = Kind::Float;
  C.Float = V;
  return C;
}
CV CV::makeComplex(double Re, double Im) {
  CV C;
  C.K = Kind::Complex;
  C.Float = Re;
  C.Imag = Im;
  return C;
}
CV CV::makeDtype(const Type *Ty) {
  CV C;
  C.K = Kind::Dtype;
  C.Dtype = dynCast<ScalarType>(Ty);
  C.Record = dynCast<RecordType>(Ty);
  return C;
}

const Type *CV::dtypeType() const {
  if (K != Kind::Dtype)
    return nullptr;
  return Record ? static_cast<const Type *>(Record) : Dtype;
}

CV CV::makeBool(bool V) {
  CV C;
  C.K = Kind::Bool;
  C.Bool = V;
  return C;
}

std::string CV::str() const {
  switch (K) {
  case Kind::Int:
    return std::to_string(Int);
  case Kind::Float: {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%.17g", Float);
    return Buf;
  }
  case Kind::Bool:
    return Bool ? "True" : "False";
  case Kind::Complex: {
    // Python's repr: (1+2j), 2j for a zero real part that is +0.
    char Buf[96];
    if (Float == 0 && !std::signbit(Float))
      std::snprintf(Buf, sizeof Buf, "%.17gj", Imag);
    else
      std::snprintf(Buf, sizeof Buf, "(%.17g%+.17gj)", Float, Imag);
    return Buf;
  }
  case Kind::None:
    return "None";
  case Kind::String:
    return "'" + String + "'";
  case Kind::Dtype:
    return dtypeType()->str();
  case Kind::EnumClass:
    return "<enum '" + Enum->name() + "'>";
  case Kind::EnumMember:
    return Enum->name() + "." + String;
  case Kind::NamedTupleClass:
    return "<class '" + String + "'>";
  case Kind::Array:
    return "array(" + (Record ? Record->str() : Dtype->str()) + ", " +
           std::to_string(Shape.size()) + "d, C)";
  case Kind::Tuple: {
    std::string S = "(";
    for (size_t I = 0; I < Elements.size(); ++I)
      S += (I ? ", " : "") + Elements[I].str();
    return S + (Elements.size() == 1 ? ",)" : ")");
  }
  case Kind::List: {
    std::string S = "[";
    for (size_t I = 0; I < Elements.size(); ++I)
      S += (I ? ", " : "") + Elements[I].str();
    return S + "]";
  }
  case Kind::Dict: {
    std::string S = "{";
    for (size_t I = 0; I < Elements.size(); ++I)
      S += (I ? ", " : "") + Elements[I].str() + ": " + Values[I].str();
    return S + "}";
  }
  case Kind::Version:
    return "Version('" + String + "')";
  }
  return "?";
}

namespace {

bool isNumber(const CV &V) {
  return V.K == CV::Kind::Int || V.K == CV::Kind::Float || V.K == CV::Kind::Bool;
}
double asDouble(const CV &V) {
  return V.K == CV::Kind::Float ? V.Float : V.K == CV::Kind::Bool ? V.Bool : double(V.Int);
}
int64_t asInt(const CV &V) { return V.K == CV::Kind::Bool ? V.Bool : V.Int; }
bool truth(const CV &V) {
  switch (V.K) {
  case CV::Kind::Int:
    return V.Int != 0;
  case CV::Kind::Float:
    return V.Float != 0;
  case CV::Kind::Bool:
    return V.Bool;
  case CV::Kind::Complex:
    return V.Float != 0 || V.Imag != 0;
  case CV::Kind::None:
    return false;
  case CV::Kind::String:
    return !V.String.empty();
  case CV::Kind::Tuple:
  case CV::Kind::List:
  case CV::Kind::Dict:
    return !V.Elements.empty();
  case CV::Kind::Version:
  case CV::Kind::Dtype:
  case CV::Kind::EnumClass:
  case CV::Kind::EnumMember:
  case CV::Kind::NamedTupleClass:
    return true;
  case CV::Kind::Array: // NumPy: only a one-element array has a truth value
    return V.Elements.size() == 1 && truth(V.Elements[0]);
  }
  return false;
}

std::optional<CV> intOperator(ArithOp Op, int64_t A, int64_t B) {
  std::optional<int64_t> V = constantIntOperator(Op, A, B);
  return V ? std::optional(CV::makeInt(*V)) : std::nullopt;
}

std::optional<CV> intBinary(BinaryOp Op, int64_t A, int64_t B) {
  int64_t R = 0;
  switch (Op) {
  case BinaryOp::Add:
    if (__builtin_add_overflow(A, B, &R))
      return std::nullopt;
    return CV::makeInt(R);
  case BinaryOp::Sub:
    if (__builtin_sub_overflow(A, B, &R))
      return std::nullopt;
    return CV::makeInt(R);
  case BinaryOp::Mult:
    if (__builtin_mul_overflow(A, B, &R))
      return std::nullopt;
    return CV::makeInt(R);
  case BinaryOp::Div:
    if (B == 0)
      return std::nullopt;
    return CV::makeFloat(double(A) / double(B));
  // The values are the kernels' (ConstantOperators.h); what is Python's
  // alone is decided here: a zero divisor or a negative shift raises, and
  // an int past int64 is not a constant pykc keeps.
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return intOperator(Op == BinaryOp::FloorDiv ? ArithOp::FloorDiv : ArithOp::Mod, A, B);
  case BinaryOp::Pow: {
    if (B < 0) // Python's int ** negative int is a float
      return CV::makeFloat(std::pow(double(A), double(B)));
    int64_t Result = 1;
    for (int64_t I = 0; I < B && Result != 0 && !(A == 1 || A == -1); ++I)
      if (__builtin_mul_overflow(Result, A, &Result))
        return std::nullopt; // past int64: not kept
    return intOperator(ArithOp::Pow, A, B);
  }
  case BinaryOp::LShift:
    if (B < 0 || B >= 63 || __builtin_mul_overflow(A, int64_t(1) << B, &R))
      return std::nullopt;
    return intOperator(ArithOp::Shl, A, B);
  case BinaryOp::RShift:
    if (B < 0)
      return std::nullopt;
    return intOperator(ArithOp::Shr, A, B);
  case BinaryOp::BitAnd:
    return CV::makeInt(A & B);
  case BinaryOp::BitOr:
    return CV::makeInt(A | B);
  case BinaryOp::BitXor:
    return CV::makeInt(A ^ B);
  case BinaryOp::MatMult:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<CV> floatBinary(BinaryOp Op, double A, double B) {
  switch (Op) {
  case BinaryOp::Add:
    return CV::makeFloat(A + B);
  case BinaryOp::Sub:
    return CV::makeFloat(A - B);
  case BinaryOp::Mult:
    return CV::makeFloat(A * B);
  case BinaryOp::Div:
    if (B == 0)
      return std::nullopt;
    return CV::makeFloat(A / B);
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (B == 0) // Python raises
      return std::nullopt;
    std::optional<double> V =
        constantFloatOperator(Op == BinaryOp::FloorDiv ? ArithOp::FloorDiv : ArithOp::Mod, A, B);
    return V ? std::optional(CV::makeFloat(*V)) : std::nullopt;
  }
  case BinaryOp::Pow:
    return CV::makeFloat(std::pow(A, B));
  default:
    return std::nullopt;
  }
}

/// \p V (a number) as a complex's parts.
std::pair<double, double> parts(const CV &V) {
  return V.K == CV::Kind::Complex ? std::pair(V.Float, V.Imag) : std::pair(asDouble(V), 0.0);
}

/// Python's arithmetic on complex numbers (+ - * /); other operators are
/// left to run time.
std::optional<CV> complexBinary(BinaryOp Op, const CV &L, const CV &R) {
  auto [A, B] = parts(L);
  auto [C, D] = parts(R);
  switch (Op) {
  case BinaryOp::Add:
    return CV::makeComplex(A + C, B + D);
  case BinaryOp::Sub:
    return CV::makeComplex(A - C, B - D);
  case BinaryOp::Mult:
    return CV::makeComplex(A * C - B * D, A * D + B * C);
  case BinaryOp::Div: {
    if (C == 0 && D == 0)
      return std::nullopt;
    // Smith's method, as at run time (ir/ComplexHelpers.cpp).
    if (std::fabs(C) >= std::fabs(D)) {
      double Q = D / C, Den = C + D * Q;
      return CV::makeComplex((A + B * Q) / Den, (B - A * Q) / Den);
    }
    double Q = C / D, Den = C * Q + D;
    return CV::makeComplex((A * Q + B) / Den, (B * Q - A) / Den);
  }
  default:
    return std::nullopt;
  }
}

/// Python's three-way comparison of \p A and \p B (-1, 0, 1) where both
/// are ordered alike: numbers, strings, or sequences of one kind (tuples,
/// lists, versions) compared element by element. Nothing where Python
/// raises TypeError or pykc cannot tell.
std::optional<int> order(const CV &A, const CV &B) {
  if (isNumber(A) && isNumber(B)) {
    if (A.K == CV::Kind::Float || B.K == CV::Kind::Float) {
      double X = asDouble(A), Y = asDouble(B);
      if (std::isnan(X) || std::isnan(Y))
        return std::nullopt;
      return X < Y ? -1 : X > Y ? 1 : 0;
    }
    int64_t X = asInt(A), Y = asInt(B);
    return X < Y ? -1 : X > Y ? 1 : 0;
  }
  if (A.K == CV::Kind::String && B.K == CV::Kind::String) {
    int C = A.String.compare(B.String);
    return C < 0 ? -1 : C > 0 ? 1 : 0;
  }
  if (A.K != B.K || (A.K != CV::Kind::Tuple && A.K != CV::Kind::List && A.K != CV::Kind::Version))
    return std::nullopt;
  auto Sequence = [](const std::vector<CV> &X, const std::vector<CV> &Y) -> std::optional<int> {
    for (size_t I = 0; I < X.size() && I < Y.size(); ++I) {
      auto C = order(X[I], Y[I]);
      if (!C)
        return std::nullopt;
      if (*C)
        return C;
    }
    return X.size() < Y.size() ? -1 : X.size() > Y.size() ? 1 : 0;
  };
  if (A.K != CV::Kind::Version)
    return Sequence(A.Elements, B.Elements);
  // packaging's Version compares the release without trailing zeros
  // (1.0 == 1), then its pre/post/dev key (Values); LooseVersion, which has
  // no key, compares its parts as they are.
  bool Packaging = !A.Values.empty();
  if (Packaging != !B.Values.empty())
    return std::nullopt;
  if (!Packaging)
    return Sequence(A.Elements, B.Elements);
  auto Release = [](std::vector<CV> R) {
    while (!R.empty() && R.back().K == CV::Kind::Int && R.back().Int == 0)
      R.pop_back();
    return R;
  };
  auto C = Sequence(Release(A.Elements), Release(B.Elements));
  if (!C || *C)
    return C;
  return Sequence(A.Values, B.Values);
}

std::optional<CV> compare(CmpOp Op, const CV &A, const CV &B) {
  if ((A.K == CV::Kind::Complex || B.K == CV::Kind::Complex) &&
      (isNumber(A) || A.K == CV::Kind::Complex) && (isNumber(B) || B.K == CV::Kind::Complex)) {
    if (Op != CmpOp::Eq && Op != CmpOp::NotEq)
      return std::nullopt;
    bool Equal = parts(A) == parts(B);
    return CV::makeBool(Op == CmpOp::Eq ? Equal : !Equal);
  }
  switch (Op) {
  case CmpOp::Eq:
  case CmpOp::NotEq: {
    auto Equal = constantEquals(A, B);
    if (!Equal)
      return std::nullopt;
    return CV::makeBool(Op == CmpOp::Eq ? *Equal : !*Equal);
  }
  case CmpOp::Is:
  case CmpOp::IsNot: {
    // Identity is known for None and the two bools, which are singletons.
    bool Singletons = (A.K == CV::Kind::None || (A.K == CV::Kind::Bool && !A.Typed)) &&
                      (B.K == CV::Kind::None || (B.K == CV::Kind::Bool && !B.Typed));
    if (!Singletons && A.K != CV::Kind::None && B.K != CV::Kind::None)
      return std::nullopt;
    bool Same = A.K == B.K && (A.K == CV::Kind::None || A.Bool == B.Bool);
    return CV::makeBool(Op == CmpOp::Is ? Same : !Same);
  }
  case CmpOp::In:
  case CmpOp::NotIn: {
    bool Found = false;
    if (B.K == CV::Kind::String) {
      if (A.K != CV::Kind::String)
        return std::nullopt;
      Found = B.String.find(A.String) != std::string::npos;
    } else if (B.K == CV::Kind::Tuple || B.K == CV::Kind::List || B.K == CV::Kind::Dict) {
      for (const CV &E : B.Elements) {
        auto Equal = constantEquals(A, E);
        if (!Equal)
          return std::nullopt;
        if ((Found = *Equal))
          break;
      }
    } else {
      return std::nullopt;
    }
    return CV::makeBool(Op == CmpOp::In ? Found : !Found);
  }
  default:
    break;
  }
  auto C = order(A, B);
  if (!C)
    return std::nullopt;
  switch (Op) {
  case CmpOp::Lt:
    return CV::makeBool(*C < 0);
  case CmpOp::LtE:
    return CV::makeBool(*C <= 0);
  case CmpOp::Gt:
    return CV::makeBool(*C > 0);
  case CmpOp::GtE:
    return CV::makeBool(*C >= 0);
  default:
    return std::nullopt;
  }
}

/// `+` of two strings, tuples or lists, and `*` of one by an int.
std::optional<CV> sequenceBinary(BinaryOp Op, const CV &L, const CV &R) {
  bool LSeq = L.K == CV::Kind::String || L.K == CV::Kind::Tuple || L.K == CV::Kind::List;
  bool RSeq = R.K == CV::Kind::String || R.K == CV::Kind::Tuple || R.K == CV::Kind::List;
  if (Op == BinaryOp::Add && LSeq && L.K == R.K) {
    CV Out = L;
    Out.String += R.String;
    Out.Elements.insert(Out.Elements.end(), R.Elements.begin(), R.Elements.end());
    return Out;
  }
  if (Op == BinaryOp::Mult && LSeq != RSeq) {
    const CV &Seq = LSeq ? L : R;
    const CV &Count = LSeq ? R : L;
    if (Count.K != CV::Kind::Int && Count.K != CV::Kind::Bool)
      return std::nullopt;
    int64_t N = std::max<int64_t>(asInt(Count), 0);
    // A module-level constant, not a buffer: refuse what would be huge.
    if (N * int64_t(Seq.String.size() + Seq.Elements.size()) > (int64_t(1) << 20))
      return std::nullopt;
    CV Out = Seq;
    Out.String.clear();
    Out.Elements.clear();
    for (int64_t I = 0; I < N; ++I) {
      Out.String += Seq.String;
      Out.Elements.insert(Out.Elements.end(), Seq.Elements.begin(), Seq.Elements.end());
    }
    return Out;
  }
  return std::nullopt;
}

} // namespace

std::optional<CV> evaluateConstant(const Expr &E, const ConstantLookup &Lookup) {
  return evaluateConstant(E, Lookup, nullptr);
}

std::optional<CV> evaluateConstant(const Expr &E, const ConstantLookup &Lookup,
                                   const ConstantArithmetic *More) {
  if (auto *C = dyn_cast<ConstantExpr>(&E)) {
    switch (C->CK) {
    case ConstantKind::Int:
      if (C->IntTooLarge || C->IntValue > uint64_t(INT64_MAX))
        return std::nullopt;
      return CV::makeInt(int64_t(C->IntValue));
    case ConstantKind::Float:
      return CV::makeFloat(C->FloatValue);
    case ConstantKind::Bool:
      return CV::makeBool(C->BoolValue);
    case ConstantKind::Imaginary:
      return CV::makeComplex(0, C->FloatValue);
    case ConstantKind::None:
      return CV();
    case ConstantKind::String: {
      if (C->IsFString) // module code formats it (ModuleValues.h); kernels do not
        return Lookup(E);
      CV S;
      S.K = CV::Kind::String;
      S.String = C->StringValue;
      return S;
    }
    default:
      return std::nullopt;
    }
  }
  if (isa<NameExpr>(&E) || isa<AttributeExpr>(&E))
    return Lookup(E);
  if (auto *T = dyn_cast<TupleExpr>(&E)) {
    CV Tuple;
    Tuple.K = CV::Kind::Tuple;
    for (const Expr *Elt : T->Elts) {
      auto V = evaluateConstant(*Elt, Lookup, More);
      if (!V)
        return std::nullopt;
      Tuple.Elements.push_back(*V);
    }
    return Tuple;
  }
  if (auto *U = dyn_cast<UnaryExpr>(&E)) {
    auto V = evaluateConstant(*U->Operand, Lookup, More);
    if (!V)
      return std::nullopt;
    if (U->Op == UnaryOp::Not)
      return CV::makeBool(!truth(*V));
    if (V->K == CV::Kind::Complex && U->Op != UnaryOp::Invert)
      return U->Op == UnaryOp::USub ? CV::makeComplex(-V->Float, -V->Imag) : *V;
    if (!isNumber(*V))
      return More && More->Unary ? More->Unary(U->Op, *V) : std::nullopt;
    if (V->K == CV::Kind::Float) {
      if (U->Op == UnaryOp::Invert)
        return std::nullopt;
      return CV::makeFloat(U->Op == UnaryOp::USub ? -V->Float : V->Float);
    }
    int64_t I = asInt(*V);
    if (U->Op == UnaryOp::USub)
      return I == INT64_MIN ? std::nullopt : std::optional<CV>(CV::makeInt(-I));
    if (U->Op == UnaryOp::Invert)
      return CV::makeInt(~I);
    return CV::makeInt(I);
  }
  if (auto *B = dyn_cast<BinaryExpr>(&E)) {
    auto L = evaluateConstant(*B->LHS, Lookup, More);
    auto R = L ? evaluateConstant(*B->RHS, Lookup, More) : std::nullopt;
    if (!L || !R)
      return std::nullopt;
    if (auto V = constantBinary(B->Op, *L, *R))
      return V;
    if (More && More->Binary)
      if (auto V = More->Binary(B->Op, *L, *R))
        return V;
    return Lookup(E); // '%d' % N in module code (ModuleValues.h)
  }
  if (auto *B = dyn_cast<BoolOpExpr>(&E)) {
    std::optional<CV> Last;
    for (const Expr *V : B->Values) {
      Last = evaluateConstant(*V, Lookup, More);
      if (!Last)
        return std::nullopt;
      bool T = truth(*Last);
      if ((B->Op == BoolOpKind::And && !T) || (B->Op == BoolOpKind::Or && T))
        return Last;
    }
    return Last;
  }
  if (auto *C = dyn_cast<CompareExpr>(&E)) {
    auto Left = evaluateConstant(*C->Left, Lookup, More);
    if (!Left)
      return std::nullopt;
    for (size_t I = 0; I < C->Ops.size(); ++I) {
      auto Right = evaluateConstant(*C->Comparators[I], Lookup, More);
      if (!Right)
        return std::nullopt;
      auto R = compare(C->Ops[I], *Left, *Right);
      if (!R)
        return std::nullopt;
      if (!R->Bool)
        return R;
      Left = Right;
    }
    return CV::makeBool(true);
  }
  if (auto *I = dyn_cast<IfExpExpr>(&E)) {
    auto Test = evaluateConstant(*I->Test, Lookup, More);
    if (!Test)
      return std::nullopt;
    return evaluateConstant(truth(*Test) ? *I->Body : *I->OrElse, Lookup, More);
  }
  // Calls, subscripts and displays: what the caller's context allows.
  return Lookup(E);
}

std::optional<CV> constantBinary(BinaryOp Op, const CV &L, const CV &R) {
  if (auto Joined = sequenceBinary(Op, L, R))
    return Joined;
  if ((L.K == CV::Kind::Complex || R.K == CV::Kind::Complex) &&
      (isNumber(L) || L.K == CV::Kind::Complex) && (isNumber(R) || R.K == CV::Kind::Complex))
    return complexBinary(Op, L, R);
  if (!isNumber(L) || !isNumber(R))
    return std::nullopt;
  if (L.K == CV::Kind::Float || R.K == CV::Kind::Float)
    return floatBinary(Op, asDouble(L), asDouble(R));
  return intBinary(Op, asInt(L), asInt(R));
}

bool constantTruth(const CV &V) { return truth(V); }

std::optional<int> constantOrder(const CV &A, const CV &B) { return order(A, B); }

std::optional<bool> constantEquals(const CV &A, const CV &B) {
  if (isNumber(A) && isNumber(B)) {
    auto C = order(A, B);
    if (!C) // a NaN: equal to nothing
      return false;
    return *C == 0;
  }
  if (A.K == CV::Kind::None || B.K == CV::Kind::None)
    return A.K == B.K;
  if (A.K == CV::Kind::String || B.K == CV::Kind::String)
    return A.K == B.K && A.String == B.String;
  if (A.K == CV::Kind::EnumMember && B.K == CV::Kind::EnumMember)
    return A.Enum == B.Enum && A.Int == B.Int;
  if (A.K == CV::Kind::Dtype && B.K == CV::Kind::Dtype)
    return A.dtypeType() == B.dtypeType();
  if ((A.K == CV::Kind::Tuple || A.K == CV::Kind::List) && A.K == B.K) {
    if (A.Elements.size() != B.Elements.size())
      return false;
    for (size_t I = 0; I < A.Elements.size(); ++I) {
      auto E = constantEquals(A.Elements[I], B.Elements[I]);
      if (!E || !*E)
        return E;
    }
    return true;
  }
  if (A.K == CV::Kind::Version && B.K == CV::Kind::Version) {
    auto C = order(A, B);
    if (!C)
      return std::nullopt;
    return *C == 0;
  }
  // A number against a tuple, a string against a list, ...: Python says
  // False; other pairs pykc does not compare.
  auto Plain = [](const CV &V) {
    return isNumber(V) || V.K == CV::Kind::Tuple || V.K == CV::Kind::List;
  };
  if (Plain(A) && Plain(B))
    return false;
  return std::nullopt;
}

} // namespace pykc::ir
