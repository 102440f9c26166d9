//===- OperatorFunctions.cpp - Python's operators as primitive IR ---------===//
//
// The bodies are written without branches where the operation allows, as
// selects over values computed unconditionally (the divisor made safe
// first), so that every backend gets straight-line code it can schedule,
// and the division a GPU executes does not diverge.
//
//===----------------------------------------------------------------------===//
#include "ir/OperatorFunctions.h"

#include "ir/BodyWriter.h"
#include "support/InternalError.h"

namespace pykc::ir {

namespace {

/// Integer // and %: C's truncating division on a divisor made safe (0
/// and -1 replaced by 1), then rounded toward negative infinity when the
/// remainder's sign differs from the divisor's; by 0 gives 0, and by -1
/// negates (INT_MIN // -1 wraps, as in Numba) with remainder 0.
void integerDivMod(BodyWriter &W, const ScalarType *T, bool WantMod) {
  Expr *A = W.param("a", T), *D = W.param("b", T);
  Expr *Zero = W.integer(T, 0), *One = W.integer(T, 1);
  Expr *IsZero = W.let("by_zero", W.compare(CompareOp::Eq, D, Zero));
  Expr *Safe = W.let(T->isSigned() ? "nonzero" : "d", W.select(IsZero, One, D));
  Expr *IsMinusOne = nullptr;
  if (T->isSigned()) {
    IsMinusOne =
        W.let("by_minus_one", W.compare(CompareOp::Eq, D, W.integer(T, -1)));
    Safe = W.let("d", W.select(IsMinusOne, One, Safe));
  }
  Expr *Result;
  if (!T->isSigned()) {
    Result = W.binary(WantMod ? ArithOp::RemTrunc : ArithOp::DivTrunc, A, Safe);
  } else {
    Expr *Q =
        WantMod ? nullptr : W.let("q", W.binary(ArithOp::DivTrunc, A, Safe));
    Expr *R = W.let("r", W.binary(ArithOp::RemTrunc, A, Safe));
    Expr *SignsDiffer =
        W.compare(CompareOp::Lt, W.binary(ArithOp::BitXor, R, Safe), Zero);
    Expr *Adjust = W.let("adjust", W.binary(ArithOp::BitAnd,
                                            W.compare(CompareOp::Ne, R, Zero),
                                            SignsDiffer));
    if (WantMod)
      Result = W.select(Adjust, W.binary(ArithOp::Add, R, Safe), R);
    else
      Result = W.select(IsMinusOne, W.negate(A),
                        W.binary(ArithOp::Sub, Q, W.cast(Adjust, T)));
  }
  W.ret(W.select(IsZero, Zero, Result));
}

/// Float // and %: CPython's float_divmod. The remainder is fmod's, moved
/// to the divisor's side; the quotient is (a - mod) / b rounded to the
/// nearest integer below, with the signs of zero results kept. A zero
/// divisor gives a / b for // (inf or nan) and nan for %, as NumPy.
void floatDivMod(BodyWriter &W, const ScalarType *T, bool WantMod) {
  Expr *A = W.param("a", T), *D = W.param("b", T);
  Expr *Zero = W.real(T, 0.0);
  Expr *Mod = W.let("mod", W.binary(ArithOp::RemTrunc, A, D));
  Expr *Div = WantMod
                  ? nullptr
                  : W.let("div", W.binary(ArithOp::TrueDiv,
                                          W.binary(ArithOp::Sub, A, Mod), D));
  Expr *ModNonZero = W.let("mod_nonzero", W.compare(CompareOp::Ne, Mod, Zero));
  Expr *SignsDiffer =
      W.binary(ArithOp::BitXor, W.compare(CompareOp::Lt, D, Zero),
               W.compare(CompareOp::Lt, Mod, Zero));
  Expr *Adjust =
      W.let("adjust", W.binary(ArithOp::BitAnd, ModNonZero, SignsDiffer));
  if (WantMod) {
    Expr *Adjusted = W.select(Adjust, W.binary(ArithOp::Add, Mod, D), Mod);
    Expr *SignedZero = W.intrinsic(IntrinsicId::MathCopysign, {Zero, D});
    return W.ret(W.select(ModNonZero, Adjusted, SignedZero));
  }
  Expr *ByZero = W.let("by_zero", W.compare(CompareOp::Eq, D, Zero));
  Expr *Below =
      W.let("below",
            W.select(Adjust, W.binary(ArithOp::Sub, Div, W.real(T, 1.0)), Div));
  Expr *Floor = W.let("floor", W.intrinsic(IntrinsicId::NpFloor, {Below}));
  Expr *RoundUp = W.let(
      "round_up", W.compare(CompareOp::Gt, W.binary(ArithOp::Sub, Below, Floor),
                            W.real(T, 0.5)));
  Floor = W.let(
      "floored",
      W.select(RoundUp, W.binary(ArithOp::Add, Floor, W.real(T, 1.0)), Floor));
  Expr *Quotient = W.let("quotient", W.binary(ArithOp::TrueDiv, A, D));
  Expr *SignedZero = W.intrinsic(IntrinsicId::MathCopysign, {Zero, Quotient});
  Expr *Result =
      W.select(W.compare(CompareOp::Ne, Below, Zero), Floor, SignedZero);
  W.ret(W.select(ByZero, Quotient, Result));
}

/// Shifts by an amount of the value's type: by the width or more (or by a
/// negative amount, which is as large unsigned) 0, or the sign for a
/// signed right shift.
void shift(BodyWriter &W, const ScalarType *T, bool Left) {
  Expr *A = W.param("a", T), *N = W.param("n", T);
  const ScalarType *U = unsignedOf(W.Types, T);
  Expr *Bits = W.integer(T, T->bitWidth());
  Expr *TooFar =
      W.let("too_far", W.compare(CompareOp::Ge, W.cast(N, U), W.cast(Bits, U)));
  Expr *Amount = W.select(TooFar, W.integer(T, T->bitWidth() - 1), N);
  if (!Left && T->isSigned())
    return W.ret(W.binary(ArithOp::ShrBits, A, Amount));
  Expr *Shifted =
      W.binary(Left ? ArithOp::ShlBits : ArithOp::ShrBits, A, Amount);
  W.ret(W.select(TooFar, W.integer(T, 0), Shifted));
}

/// base ** exp for an integer exp: |exp| by repeated squaring. A negative
/// exp gives 1 / base ** -exp for a float base; for an integer base, 1
/// and -1 stay units and every other base gives 0.
void power(BodyWriter &W, const ScalarType *Base, const ScalarType *Exp) {
  Expr *X = W.param("base", Base), *E = W.param("exp", Exp);
  const ScalarType *U = unsignedOf(W.Types, Exp);
  Expr *Negative =
      W.let("negative", Exp->isSigned()
                            ? W.compare(CompareOp::Lt, E, W.integer(Exp, 0))
                            : W.truth(false));
  Expr *One = Base->isFloat() ? W.real(Base, 1.0) : W.integer(Base, 1);
  Variable *Result = W.variable("result", Base);
  Variable *Square = W.variable("square", Base);
  Variable *Left = W.variable("left", U);
  W.assign(Result, One, W.F.Body);
  W.assign(Square, X, W.F.Body);
  W.assign(Left, W.cast(W.select(Negative, W.negate(E), E), U), W.F.Body);
  // do { ... } while (left != 0), as a loop that breaks at its end.
  auto *Loop = W.M.create<WhileStmt>();
  Loop->Cond = W.truth(true);
  Expr *Odd = W.compare(CompareOp::Ne,
                        W.binary(ArithOp::BitAnd, W.ref(Left), W.integer(U, 1)),
                        W.integer(U, 0));
  Variable *IsOdd = W.variable("odd", W.Types.boolean());
  Variable *Times = W.variable("times", Base);
  W.assign(IsOdd, Odd, Loop->Body);
  W.assign(Times, W.times(W.ref(Result), W.ref(Square)), Loop->Body);
  W.assign(Result, W.select(W.ref(IsOdd), W.ref(Times), W.ref(Result)),
           Loop->Body);
  W.assign(Square, W.times(W.ref(Square), W.ref(Square)), Loop->Body);
  W.assign(Left, W.binary(ArithOp::ShrBits, W.ref(Left), W.integer(U, 1)),
           Loop->Body);
  auto *Done = W.M.create<IfStmt>();
  Done->Cond = W.compare(CompareOp::Eq, W.ref(Left), W.integer(U, 0));
  Done->Then.push_back(W.M.create<BreakStmt>());
  Loop->Body.push_back(Done);
  W.F.Body.push_back(Loop);
  Expr *R = W.ref(Result);
  if (Base->isFloat())
    return W.ret(W.select(Negative,
                          W.binary(ArithOp::TrueDiv, W.real(Base, 1.0), R), R));
  if (!Exp->isSigned())
    return W.ret(R);
  Expr *IsOne = W.compare(CompareOp::Eq, X, W.integer(Base, 1));
  Expr *IsMinusOne = W.compare(CompareOp::Eq, X, W.integer(Base, -1));
  Expr *ExpOdd =
      W.compare(CompareOp::Ne, W.binary(ArithOp::BitAnd, E, W.integer(Exp, 1)),
                W.integer(Exp, 0));
  Expr *Unit =
      W.select(IsMinusOne, W.select(ExpOdd, W.integer(Base, -1), One),
               W.select(IsOne, W.integer(Base, 1), W.integer(Base, 0)));
  W.ret(W.select(Negative, Unit, R));
}

const char *operatorWord(ArithOp Op) {
  switch (Op) {
  case ArithOp::FloorDiv:
    return "floordiv";
  case ArithOp::Mod:
    return "mod";
  case ArithOp::Pow:
    return "pow";
  case ArithOp::Shl:
    return "shl";
  case ArithOp::Shr:
    return "shr";
  default:
    return nullptr;
  }
}

} // namespace

std::string operatorFunctionName(ArithOp Op, const ScalarType *Left,
                                 const ScalarType *Right) {
  const char *Word = operatorWord(Op);
  if (!Word)
    PYKC_ICE("no function computes this operator");
  std::string Name = std::string("pykc_") + Word + "_" + Left->str();
  if (Op == ArithOp::Pow)
    Name += "_" + Right->str();
  return Name;
}

Function *buildOperatorFunction(Module &M, const TypeContext &Types, ArithOp Op,
                                const ScalarType *Left,
                                const ScalarType *Right) {
  bool IntLeft = Left->isInteger(), FloatLeft = Left->isFloat();
  bool Fits = false;
  switch (Op) {
  case ArithOp::FloorDiv:
  case ArithOp::Mod:
    Fits = (IntLeft || FloatLeft) && Left == Right;
    break;
  case ArithOp::Shl:
  case ArithOp::Shr:
    Fits = IntLeft && Left == Right;
    break;
  case ArithOp::Pow:
    Fits = (IntLeft || FloatLeft) && Right->isInteger();
    break;
  default:
    break;
  }
  if (!Fits)
    return nullptr;
  Function *F = addPrimitiveFunction(M, operatorFunctionName(Op, Left, Right), Left);
  BodyWriter W(M, Types, *F);
  switch (Op) {
  case ArithOp::FloorDiv:
  case ArithOp::Mod:
    if (FloatLeft)
      floatDivMod(W, Left, Op == ArithOp::Mod);
    else
      integerDivMod(W, Left, Op == ArithOp::Mod);
    break;
  case ArithOp::Shl:
  case ArithOp::Shr:
    shift(W, Left, Op == ArithOp::Shl);
    break;
  default:
    power(W, Left, Right);
    break;
  }
  return F;
}

} // namespace pykc::ir
