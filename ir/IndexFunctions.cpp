//===- IndexFunctions.cpp - Python's index rules as primitive IR ----------===//
#include "ir/IndexFunctions.h"

#include "ir/BodyWriter.h"

namespace pykc::ir {

namespace {

/// Python's slice.indices(n) for one bound: absent, the end the step
/// starts from (\p IsStop false) or stops at; present, wrapped once and
/// clamped: below 0 it is 0 going up and -1 (before the first) going down;
/// at or past n, n going up and n - 1 going down.
void sliceBound(BodyWriter &W, bool IsStop) {
  const ScalarType *I64 = W.Types.scalar(ScalarKind::Int64);
  Expr *N = W.param("n", I64);
  Expr *Has = W.param("has", W.Types.boolean());
  Expr *V = W.param("v", I64);
  Expr *Step = W.param("step", I64);
  Expr *Zero = W.integer(I64, 0), *One = W.integer(I64, 1),
       *MinusOne = W.integer(I64, -1);
  Expr *Down = W.let("down", W.compare(CompareOp::Lt, Step, Zero));
  Expr *Wrapped = W.let("wrapped", W.select(W.compare(CompareOp::Lt, V, Zero),
                                            W.binary(ArithOp::Add, V, N), V));
  Expr *Last = W.let("last", W.binary(ArithOp::Sub, N, One));
  Expr *Low = W.let("low", W.select(Down, MinusOne, Zero));
  Expr *High = W.let("high", W.select(Down, Last, N));
  Expr *Raised =
      W.let("raised", W.select(W.compare(CompareOp::Lt, Wrapped, Zero), Low,
                               Wrapped));
  Expr *Clamped = W.let(
      "clamped", W.select(W.compare(CompareOp::Ge, Raised, N), High, Raised));
  Expr *Absent = IsStop ? W.select(Down, MinusOne, N) : W.select(Down, Last, Zero);
  W.ret(W.select(Has, Clamped, Absent));
}

/// The number of elements from \p first toward \p last (exclusive) by
/// \p step: ceil(span / |step|) when the span is positive.
void sliceLength(BodyWriter &W) {
  const ScalarType *I64 = W.Types.scalar(ScalarKind::Int64);
  Expr *First = W.param("first", I64), *Last = W.param("last", I64);
  Expr *Step = W.param("step", I64);
  Expr *Zero = W.integer(I64, 0), *One = W.integer(I64, 1);
  Expr *Down = W.let("down", W.compare(CompareOp::Lt, Step, Zero));
  Expr *Still = W.let("still", W.compare(CompareOp::Eq, Step, Zero));
  Expr *Safe = W.let("safe", W.select(Still, One, Step));
  Expr *Span = W.let("span", W.select(Down, W.binary(ArithOp::Sub, First, Last),
                                      W.binary(ArithOp::Sub, Last, First)));
  Expr *Magnitude = W.let(
      "magnitude", W.select(Down, W.binary(ArithOp::Sub, Zero, Safe), Safe));
  Expr *Rounded = W.let(
      "rounded",
      W.binary(ArithOp::DivTrunc,
               W.binary(ArithOp::Add, Span,
                        W.binary(ArithOp::Sub, Magnitude, One)),
               Magnitude));
  Expr *Length = W.let(
      "length", W.select(W.compare(CompareOp::Gt, Span, Zero), Rounded, Zero));
  W.ret(W.select(Still, Zero, Length));
}

void sliceStep(BodyWriter &W) {
  const ScalarType *I64 = W.Types.scalar(ScalarKind::Int64);
  Expr *Step = W.param("step", I64);
  W.ret(W.select(W.compare(CompareOp::Eq, Step, W.integer(I64, 0)),
                 W.integer(I64, 1), Step));
}

} // namespace

Function *buildIndexWrapFunction(Module &M, const TypeContext &Types,
                                 const ScalarType *Index) {
  if (!Index->isInteger() || !Index->isSigned())
    return nullptr;
  const ScalarType *I64 = Types.scalar(ScalarKind::Int64);
  Function *F = addPrimitiveFunction(M, "pykc_wrap_" + Index->str(), I64);
  BodyWriter W(M, Types, *F);
  Expr *I = W.cast(W.param("i", Index), I64);
  Expr *N = W.param("n", I64);
  if (!dynCast<VarRefExpr>(I))
    I = W.let("index", I);
  W.ret(W.select(W.compare(CompareOp::Lt, I, W.integer(I64, 0)),
                 W.binary(ArithOp::Add, I, N), I));
  return F;
}

void buildSliceFunctions(Module &M, const TypeContext &Types,
                         SliceFunctions &Into) {
  const ScalarType *I64 = Types.scalar(ScalarKind::Int64);
  auto Make = [&](const char *Name, auto Write) {
    Function *F = addPrimitiveFunction(M, Name, I64);
    BodyWriter W(M, Types, *F);
    Write(W);
    return F;
  };
  Into.Start = Make("pykc_slice_start", [](BodyWriter &W) { sliceBound(W, false); });
  Into.Stop = Make("pykc_slice_stop", [](BodyWriter &W) { sliceBound(W, true); });
  Into.Length = Make("pykc_slice_length", sliceLength);
  Into.Step = Make("pykc_slice_step", sliceStep);
}

} // namespace pykc::ir
