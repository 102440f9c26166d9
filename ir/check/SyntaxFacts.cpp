//===- check/SyntaxFacts.cpp - What the syntax alone says -----------------===//
#include "ir/check/SyntaxFacts.h"

#include <unordered_map>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::optional<ArithOp> arithOpOf(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
    return ArithOp::Add;
  case BinaryOp::Sub:
    return ArithOp::Sub;
  case BinaryOp::Mult:
    return ArithOp::Mul;
  case BinaryOp::Div:
    return ArithOp::TrueDiv;
  case BinaryOp::FloorDiv:
    return ArithOp::FloorDiv;
  case BinaryOp::Mod:
    return ArithOp::Mod;
  case BinaryOp::Pow:
    return ArithOp::Pow;
  case BinaryOp::LShift:
    return ArithOp::Shl;
  case BinaryOp::RShift:
    return ArithOp::Shr;
  case BinaryOp::BitAnd:
    return ArithOp::BitAnd;
  case BinaryOp::BitOr:
    return ArithOp::BitOr;
  case BinaryOp::BitXor:
    return ArithOp::BitXor;
  case BinaryOp::MatMult:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<CompareOp> compareOpOf(CmpOp Op) {
  switch (Op) {
  case CmpOp::Eq:
    return CompareOp::Eq;
  case CmpOp::NotEq:
    return CompareOp::Ne;
  case CmpOp::Lt:
    return CompareOp::Lt;
  case CmpOp::LtE:
    return CompareOp::Le;
  case CmpOp::Gt:
    return CompareOp::Gt;
  case CmpOp::GtE:
    return CompareOp::Ge;
  default:
    return std::nullopt;
  }
}

std::optional<OperatorFunction> operatorFunctionOf(const std::string &Path) {
  using Shape = OperatorFunction::Shape;
  static const std::unordered_map<std::string, OperatorFunction> Rows = {
#define OPERATOR_BINARY(P, O) {P, {Shape::Binary, int(BinaryOp::O)}},
#define OPERATOR_UNARY(P, O) {P, {Shape::Unary, int(UnaryOp::O)}},
#define OPERATOR_COMPARE(P, O) {P, {Shape::Compare, int(CompareOp::O)}},
#include "ir/Builtins.def"
  };
  auto It = Rows.find(Path);
  return It == Rows.end() ? std::nullopt : std::optional(It->second);
}

bool isNoneLiteral(const fe::Expr &E) {
  auto *K = dyn_cast<fe::ConstantExpr>(&E);
  return K && K->CK == ConstantKind::None;
}

namespace {

/// The name \p C tests against None (`x is None`, `None is not x`), and
/// whether the test is `is not`; null for any other comparison.
const fe::NameExpr *noneTest(const fe::CompareExpr &C, bool &IsNot) {
  if (C.Ops.size() != 1 ||
      (C.Ops[0] != fe::CmpOp::Is && C.Ops[0] != fe::CmpOp::IsNot))
    return nullptr;
  IsNot = C.Ops[0] == fe::CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  if (isNoneLiteral(R))
    return dyn_cast<fe::NameExpr>(&L);
  if (isNoneLiteral(L))
    return dyn_cast<fe::NameExpr>(&R);
  return nullptr;
}

} // namespace

Narrowing narrowingOf(const fe::Expr &Cond) {
  Narrowing N;
  if (auto *C = dyn_cast<fe::CompareExpr>(&Cond)) {
    bool IsNot = false;
    if (const fe::NameExpr *Name = noneTest(*C, IsNot))
      (IsNot ? N.WhenTrue : N.WhenFalse).insert(Name->Id);
  } else if (auto *U = dyn_cast<fe::UnaryExpr>(&Cond);
             U && U->Op == fe::UnaryOp::Not) {
    N = narrowingOf(*U->Operand);
    std::swap(N.WhenTrue, N.WhenFalse);
  } else if (auto *B = dyn_cast<fe::BoolOpExpr>(&Cond)) {
    // `a and b` is true when both are; `a or b` false when both are.
    bool And = B->Op == fe::BoolOpKind::And;
    for (const fe::Expr *E : B->Values) {
      Narrowing Part = narrowingOf(*E);
      auto &Into = And ? N.WhenTrue : N.WhenFalse;
      auto &From = And ? Part.WhenTrue : Part.WhenFalse;
      Into.insert(From.begin(), From.end());
    }
  }
  return N;
}

} // namespace pykc::ir
