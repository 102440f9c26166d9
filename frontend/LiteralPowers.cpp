//===- LiteralPowers.cpp - `**` of number literals, as CPython folds it ---===//
#include "frontend/LiteralPowers.h"

#include "frontend/ASTWalk.h"

#include <cmath>
#include <optional>

namespace pykc::frontend {

namespace {

/// A number literal's value, through unary signs (which CPython folds too).
struct Number {
  bool IsFloat = false;
  int64_t Int = 0;
  double Float = 0;
  double asDouble() const { return IsFloat ? Float : double(Int); }
};

std::optional<Number> literalNumber(const Expr *E) {
  if (auto *C = dyn_cast<ConstantExpr>(E)) {
    if (C->CK == ConstantKind::Float)
      return Number{true, 0, C->FloatValue};
    if (C->CK == ConstantKind::Int && !C->IntTooLarge && C->IntValue <= uint64_t(INT64_MAX))
      return Number{false, int64_t(C->IntValue), 0};
    return std::nullopt;
  }
  if (auto *U = dyn_cast<UnaryExpr>(E); U && (U->Op == UnaryOp::USub || U->Op == UnaryOp::UAdd)) {
    std::optional<Number> V = literalNumber(U->Operand);
    if (V && U->Op == UnaryOp::USub) {
      if (V->IsFloat)
        V->Float = -V->Float;
      else
        V->Int = -V->Int; // from 0..INT64_MAX: no overflow
    }
    return V;
  }
  return std::nullopt;
}

/// `A ** B` as CPython computes it, or nothing where CPython raises (and
/// so does not fold), returns a complex, or makes an int past int64.
std::optional<Number> power(Number A, Number B) {
  if (!A.IsFloat && !B.IsFloat && B.Int >= 0) {
    int64_t R = 1, Base = A.Int;
    for (int64_t E = B.Int; E > 0; E >>= 1) {
      if ((E & 1) && __builtin_mul_overflow(R, Base, &R))
        return std::nullopt;
      if (E > 1 && __builtin_mul_overflow(Base, Base, &Base))
        return std::nullopt;
    }
    return Number{false, R, 0};
  }
  // int ** negative int and every float power: float(a) ** float(b).
  double X = A.asDouble(), Y = B.asDouble();
  if (X == 0 && Y < 0)
    return std::nullopt; // ZeroDivisionError
  if (X < 0 && Y != std::floor(Y) && std::isfinite(Y))
    return std::nullopt; // a complex result
  double R = std::pow(X, Y);
  if (std::isinf(R) && std::isfinite(X) && std::isfinite(Y))
    return std::nullopt; // OverflowError
  return Number{true, 0, R};
}

class Folder {
public:
  explicit Folder(ASTContext &Ctx) : Ctx(Ctx) {}

  void block(StmtList &Body) {
    for (Stmt *S : Body) {
      forEachPart(*S, [&](Expr *&E) { expr(E); }, [&](StmtList &Inner) { block(Inner); });
      if (auto *F = dyn_cast<FunctionDefStmt>(S))
        block(F->Body);
      else if (auto *C = dyn_cast<ClassDefStmt>(S))
        block(C->Body);
    }
  }

private:
  void expr(Expr *&E) {
    forEachChild(*E, [&](Expr *&Child) { expr(Child); });
    auto *B = dyn_cast<BinaryExpr>(E);
    if (!B || B->Op != BinaryOp::Pow)
      return;
    std::optional<Number> L = literalNumber(B->LHS), R = literalNumber(B->RHS);
    std::optional<Number> V = L && R ? power(*L, *R) : std::nullopt;
    if (!V)
      return;
    auto *C = Ctx.create<ConstantExpr>(E->Range);
    if (V->IsFloat) {
      C->CK = ConstantKind::Float;
      C->FloatValue = V->Float;
      E = C;
      return;
    }
    C->CK = ConstantKind::Int;
    if (V->Int == INT64_MIN)
      return; // its magnitude is no int64 literal
    C->IntValue = uint64_t(V->Int < 0 ? -V->Int : V->Int);
    if (V->Int >= 0) {
      E = C;
      return;
    }
    // A negative int is a minus on a literal, as the parser makes it.
    auto *U = Ctx.create<UnaryExpr>(E->Range);
    U->Op = UnaryOp::USub;
    U->OpRange = SourceRange{E->Range.Begin, E->Range.Begin};
    U->Operand = C;
    E = U;
  }

  ASTContext &Ctx;
};

} // namespace

void foldLiteralPowers(Module &M, ASTContext &Ctx) { Folder(Ctx).block(M.Body); }

} // namespace pykc::frontend
