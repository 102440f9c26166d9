//===- ConstantValue.cpp - Compile-time evaluation ------------------------===//
#include "ir/ConstantValue.h"

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
  case Kind::None:
    return "None";
  case Kind::String:
    return "'" + String + "'";
  case Kind::Dtype:
    return Dtype->str();
  case Kind::Array:
    return "array(" + Dtype->str() + ", " + std::to_string(Shape.size()) + "d, C)";
  case Kind::Tuple: {
    std::string S = "(";
    for (size_t I = 0; I < Elements.size(); ++I)
      S += (I ? ", " : "") + Elements[I].str();
    return S + (Elements.size() == 1 ? ",)" : ")");
  }
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
  case CV::Kind::None:
    return false;
  case CV::Kind::String:
    return !V.String.empty();
  case CV::Kind::Tuple:
    return !V.Elements.empty();
  case CV::Kind::Dtype:
    return true;
  case CV::Kind::Array: // NumPy: only a one-element array has a truth value
    return V.Elements.size() == 1 && truth(V.Elements[0]);
  }
  return false;
}

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
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
  case BinaryOp::FloorDiv:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return CV::makeInt(floorDiv(A, B));
  case BinaryOp::Mod:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return CV::makeInt(A - floorDiv(A, B) * B);
  case BinaryOp::Pow: {
    if (B < 0)
      return CV::makeFloat(std::pow(double(A), double(B)));
    int64_t Result = 1;
    for (int64_t I = 0; I < B; ++I)
      if (__builtin_mul_overflow(Result, A, &Result))
        return std::nullopt;
    return CV::makeInt(Result);
  }
  case BinaryOp::LShift:
    if (B < 0 || B >= 63)
      return std::nullopt;
    if (__builtin_mul_overflow(A, int64_t(1) << B, &R))
      return std::nullopt;
    return CV::makeInt(R);
  case BinaryOp::RShift:
    if (B < 0)
      return std::nullopt;
    return CV::makeInt(B >= 64 ? (A < 0 ? -1 : 0) : A >> B);
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
    if (B == 0)
      return std::nullopt;
    double Mod = std::fmod(A, B);
    double Div = (A - Mod) / B;
    if (Mod != 0 && ((B < 0) != (Mod < 0))) {
      Mod += B;
      Div -= 1;
    }
    if (Op == BinaryOp::Mod)
      return CV::makeFloat(Mod != 0 ? Mod : std::copysign(0.0, B));
    double Floor = std::floor(Div);
    if (Div - Floor > 0.5)
      Floor += 1;
    return CV::makeFloat(Div != 0 ? Floor : std::copysign(0.0, A / B));
  }
  case BinaryOp::Pow:
    return CV::makeFloat(std::pow(A, B));
  default:
    return std::nullopt;
  }
}

std::optional<CV> compare(CmpOp Op, const CV &A, const CV &B) {
  if (!isNumber(A) || !isNumber(B))
    return std::nullopt;
  bool Float = A.K == CV::Kind::Float || B.K == CV::Kind::Float;
  auto Cmp = [&](auto X, auto Y) -> std::optional<CV> {
    switch (Op) {
    case CmpOp::Eq:
      return CV::makeBool(X == Y);
    case CmpOp::NotEq:
      return CV::makeBool(X != Y);
    case CmpOp::Lt:
      return CV::makeBool(X < Y);
    case CmpOp::LtE:
      return CV::makeBool(X <= Y);
    case CmpOp::Gt:
      return CV::makeBool(X > Y);
    case CmpOp::GtE:
      return CV::makeBool(X >= Y);
    default:
      return std::nullopt;
    }
  };
  return Float ? Cmp(asDouble(A), asDouble(B)) : Cmp(asInt(A), asInt(B));
}

} // namespace

std::optional<CV> evaluateConstant(const Expr &E, const ConstantLookup &Lookup) {
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
    case ConstantKind::None:
      return CV();
    case ConstantKind::String: {
      if (C->IsFString)
        return std::nullopt;
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
      auto V = evaluateConstant(*Elt, Lookup);
      if (!V)
        return std::nullopt;
      Tuple.Elements.push_back(*V);
    }
    return Tuple;
  }
  if (auto *U = dyn_cast<UnaryExpr>(&E)) {
    auto V = evaluateConstant(*U->Operand, Lookup);
    if (!V)
      return std::nullopt;
    if (U->Op == UnaryOp::Not)
      return CV::makeBool(!truth(*V));
    if (!isNumber(*V))
      return std::nullopt;
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
    auto L = evaluateConstant(*B->LHS, Lookup);
    auto R = L ? evaluateConstant(*B->RHS, Lookup) : std::nullopt;
    if (!L || !R || !isNumber(*L) || !isNumber(*R))
      return std::nullopt;
    if (L->K == CV::Kind::Float || R->K == CV::Kind::Float)
      return floatBinary(B->Op, asDouble(*L), asDouble(*R));
    return intBinary(B->Op, asInt(*L), asInt(*R));
  }
  if (auto *B = dyn_cast<BoolOpExpr>(&E)) {
    std::optional<CV> Last;
    for (const Expr *V : B->Values) {
      Last = evaluateConstant(*V, Lookup);
      if (!Last)
        return std::nullopt;
      bool T = truth(*Last);
      if ((B->Op == BoolOpKind::And && !T) || (B->Op == BoolOpKind::Or && T))
        return Last;
    }
    return Last;
  }
  if (auto *C = dyn_cast<CompareExpr>(&E)) {
    auto Left = evaluateConstant(*C->Left, Lookup);
    if (!Left)
      return std::nullopt;
    for (size_t I = 0; I < C->Ops.size(); ++I) {
      auto Right = evaluateConstant(*C->Comparators[I], Lookup);
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
    auto Test = evaluateConstant(*I->Test, Lookup);
    if (!Test)
      return std::nullopt;
    return evaluateConstant(truth(*Test) ? *I->Body : *I->OrElse, Lookup);
  }
  return std::nullopt;
}

} // namespace pykc::ir
