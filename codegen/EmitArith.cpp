//===- EmitArith.cpp - Conversions and the IR's primitive operators -------===//
//
// The IR's operators are primitive by the time they get here: Python's //,
// %, ** and shifts were expanded into them (ir/ExpandOperators.h), so each
// is one LLVM instruction or intrinsic. What is left of Python here is a
// host function's ZeroDivisionError, which needs the run-time context.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "support/InternalError.h"

#include <llvm/IR/MDBuilder.h>

#include "frontend/Diagnostic.h"

#include <llvm/IR/Operator.h>

namespace pykc::codegen {

using namespace llvm;
using ir::ArithOp;
using ir::CompareOp;
using ir::UnaryArithOp;

void FunctionEmitter::setFloatFlags(Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !isa<FPMathOperator>(I))
    return;
  // Contraction is the emitter's decision (emitBinary), except in fastmath
  // functions, where LLVM may do anything fast-math allows.
  if (F.FastMath)
    I->setFast(true);
}

Value *FunctionEmitter::cast(Value *V, const ir::Type *From, const ir::Type *To) {
  if (From == To)
    return V;
  auto *FS = ir::dynCast<ir::ScalarType>(From);
  auto *TS = ir::dynCast<ir::ScalarType>(To);
  if (!FS || !TS)
    return V; // Arrays of a weaker layout share their representation.
  Type *T = ME.llvmType(To);
  if (TS->isBoolean())
    return truth(V, From);
  if (TS->isComplex())
    return castToComplex(V, FS, TS);
  if (FS->isComplex())
    PYKC_ICE("a complex converted to a real type reached codegen");
  if (FS->isBoolean())
    return TS->isFloat() ? B.CreateUIToFP(V, T) : B.CreateZExt(V, T);
  if (FS->isInteger() && TS->isInteger())
    return FS->isSigned() ? B.CreateSExtOrTrunc(V, T) : B.CreateZExtOrTrunc(V, T);
  if (FS->isInteger())
    return FS->isSigned() ? B.CreateSIToFP(V, T) : B.CreateUIToFP(V, T);
  if (TS->isInteger() && FS->bitWidth() == 16) {
    // Numba converts a float16 with PTX's cvt.rni: to the nearest integer
    // (ties to even), saturating, NaN to 0.
    Value *R = B.CreateUnaryIntrinsic(Intrinsic::rint, V);
    return B.CreateIntrinsic(TS->isSigned() ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat, {T, V->getType()},
                             {R});
  }
  if (TS->isInteger())
    return TS->isSigned() ? B.CreateFPToSI(V, T) : B.CreateFPToUI(V, T);
  return FS->bitWidth() < TS->bitWidth() ? B.CreateFPExt(V, T) : B.CreateFPTrunc(V, T);
}

Value *FunctionEmitter::emitUnary(const ir::UnaryExpr &E) {
  Value *X = emitExpr(*E.Operand);
  auto *S = ir::dynCast<ir::ScalarType>(E.Operand->Ty);
  switch (E.Op) {
  case UnaryArithOp::Neg: {
    if (S->isComplex())
      return complexNeg(X);
    if (S->isFloat()) {
      Value *N = B.CreateFNeg(X);
      setFloatFlags(N);
      return N;
    }
    return B.CreateNeg(X);
  }
  case UnaryArithOp::Invert:
  case UnaryArithOp::Not:
    return B.CreateNot(X); // ~bool is logical not in Numba, as in NumPy.
  }
  return X;
}

/// The multiplication \p E is, when it can be fused into an addition of
/// type \p Ty: a float `a * b` of that type, written as the operand.
static const ir::BinaryExpr *fusableProduct(const ir::Expr &E, const ir::Type *Ty) {
  auto *M = ir::dynCast<ir::BinaryExpr>(&E);
  if (!M || M->Op != ArithOp::Mul || M->Ty != Ty || M->LHS->Ty != Ty || M->RHS->Ty != Ty)
    return nullptr;
  return M;
}

Value *FunctionEmitter::emitFusedMultiplyAdd(const ir::BinaryExpr &E) {
  // The operands are emitted in Python's order (left to right, the product's
  // factors where the product stands), then combined with one rounding:
  //   a * b + c = fma(a, b, c)     a * b - c = fma(a, b, -c)
  //   c + a * b = fma(a, b, c)     c - a * b = fma(-a, b, c)
  auto *OpTy = ir::dynCast<ir::ScalarType>(E.Ty);
  // A reassociable reduction update stays a plain add: the vectorizer
  // reduces adds, and contracting it would fix the order again.
  if (!ME.Float.Fmad || F.FastMath || F.HostCode || E.Reassociate || !OpTy || !OpTy->isFloat() ||
      (E.Op != ArithOp::Add && E.Op != ArithOp::Sub))
    return nullptr;
  Value *A, *Bv, *C;
  if (const ir::BinaryExpr *P = fusableProduct(*E.LHS, E.Ty)) {
    A = emitExpr(*P->LHS);
    Bv = emitExpr(*P->RHS);
    C = emitExpr(*E.RHS);
    if (E.Op == ArithOp::Sub)
      C = B.CreateFNeg(C);
  } else if (const ir::BinaryExpr *P = fusableProduct(*E.RHS, E.Ty)) {
    C = emitExpr(*E.LHS);
    A = emitExpr(*P->LHS);
    Bv = emitExpr(*P->RHS);
    if (E.Op == ArithOp::Sub)
      A = B.CreateFNeg(A);
  } else {
    return nullptr;
  }
  return B.CreateIntrinsic(Intrinsic::fma, {A->getType()}, {A, Bv, C});
}

void FunctionEmitter::raiseOnZeroDivisor(Value *D, ir::ArithOp Op, const ir::SourceRange &At,
                                         bool Float, bool Divmod) {
  // Numba's CPU target raises ZeroDivisionError (its messages); kernels,
  // and @njit(error_model='numpy') functions, divide by zero silently. The
  // division that follows is safe either way (the operator's function,
  // IEEE). An operator's own function never raises: its call does.
  if (!F.HostCode || F.Operator || F.NumpyErrorModel || !TargetContext)
    return;
  const char *What = Divmod                     ? (Float ? "modulo by zero" : "integer divmod by zero")
                     : Op == ir::ArithOp::TrueDiv ? "division by zero"
                     : Op == ir::ArithOp::Mod   ? (Float ? "modulo by zero" : "integer modulo by zero")
                     : Float                    ? "division by zero"
                                                : "integer division by zero";
  Value *IsZero = Float ? B.CreateFCmpOEQ(D, ConstantFP::get(D->getType(), 0.0))
                        : B.CreateICmpEQ(D, ConstantInt::get(D->getType(), 0));
  BasicBlock *Raise = BasicBlock::Create(ME.Ctx, "raise.zerodiv", Fn);
  BasicBlock *Go = BasicBlock::Create(ME.Ctx, "div", Fn);
  B.CreateCondBr(IsZero, Raise, Go, MDBuilder(ME.Ctx).createBranchWeights(1, 1 << 20));
  B.SetInsertPoint(Raise);
  hostRaise(At, std::string("ZeroDivisionError: ") + What);
  B.CreateBr(Go);
  B.SetInsertPoint(Go);
}

Value *FunctionEmitter::emitBinary(const ir::BinaryExpr &E) {
  if (Value *Fused = emitFusedMultiplyAdd(E))
    return Fused;
  Value *L = emitExpr(*E.LHS);
  Value *R = emitExpr(*E.RHS);
  auto *OpTy = ir::dynCast<ir::ScalarType>(E.LHS->Ty);
  if (OpTy->isComplex())
    return complexBinary(E.Op, L, R);
  bool Float = OpTy->isFloat();
  if (E.Op == ArithOp::TrueDiv)
    raiseOnZeroDivisor(cast(R, E.RHS->Ty, E.Ty), E.Op, E.Range, /*Float=*/true);
  Value *V = nullptr;
  switch (E.Op) {
  case ArithOp::Add:
    V = Float ? B.CreateFAdd(L, R) : B.CreateAdd(L, R);
    break;
  case ArithOp::Sub:
    V = Float ? B.CreateFSub(L, R) : B.CreateSub(L, R);
    break;
  case ArithOp::Mul:
    V = Float ? B.CreateFMul(L, R) : B.CreateMul(L, R);
    break;
  case ArithOp::TrueDiv:
    V = B.CreateFDiv(cast(L, E.LHS->Ty, E.Ty), cast(R, E.RHS->Ty, E.Ty));
    break;
  case ArithOp::DivTrunc:
    if (Float)
      PYKC_ICE("div.trunc of floats");
    return OpTy->isSigned() ? B.CreateSDiv(L, R) : B.CreateUDiv(L, R);
  case ArithOp::RemTrunc:
    V = Float ? B.CreateFRem(L, R) : OpTy->isSigned() ? B.CreateSRem(L, R) : B.CreateURem(L, R);
    break;
  case ArithOp::ShlBits:
    return B.CreateShl(L, R);
  case ArithOp::ShrBits:
    return OpTy->isSigned() ? B.CreateAShr(L, R) : B.CreateLShr(L, R);
  case ArithOp::FloorDiv:
  case ArithOp::Mod:
  case ArithOp::Pow:
  case ArithOp::Shl:
  case ArithOp::Shr:
    PYKC_ICE("Python's '" + std::string(ir::spelling(E.Op)) + "' reached codegen unexpanded");
  case ArithOp::BitAnd:
    return B.CreateAnd(L, R);
  case ArithOp::BitOr:
    return B.CreateOr(L, R);
  case ArithOp::BitXor:
    return B.CreateXor(L, R);
  }
  setFloatFlags(V);
  if (auto *I = dyn_cast<Instruction>(V); I && Float && E.Reassociate)
    I->setHasAllowReassoc(true);
  return V;
}

Value *FunctionEmitter::emitCompare(const ir::CompareExpr &E) {
  Value *L = emitExpr(*E.LHS);
  Value *R = emitExpr(*E.RHS);
  auto *S = ir::dynCast<ir::ScalarType>(E.LHS->Ty);
  if (S->isComplex())
    return complexEqual(E.Op, L, R);
  if (S->isFloat()) {
    switch (E.Op) {
    case CompareOp::Eq: return B.CreateFCmpOEQ(L, R);
    case CompareOp::Ne: return B.CreateFCmpUNE(L, R); // nan != nan
    case CompareOp::Lt: return B.CreateFCmpOLT(L, R);
    case CompareOp::Le: return B.CreateFCmpOLE(L, R);
    case CompareOp::Gt: return B.CreateFCmpOGT(L, R);
    case CompareOp::Ge: return B.CreateFCmpOGE(L, R);
    }
  } else {
    bool Signed = S->isSigned();
    switch (E.Op) {
    case CompareOp::Eq: return B.CreateICmpEQ(L, R);
    case CompareOp::Ne: return B.CreateICmpNE(L, R);
    case CompareOp::Lt: return Signed ? B.CreateICmpSLT(L, R) : B.CreateICmpULT(L, R);
    case CompareOp::Le: return Signed ? B.CreateICmpSLE(L, R) : B.CreateICmpULE(L, R);
    case CompareOp::Gt: return Signed ? B.CreateICmpSGT(L, R) : B.CreateICmpUGT(L, R);
    case CompareOp::Ge: return Signed ? B.CreateICmpSGE(L, R) : B.CreateICmpUGE(L, R);
    }
  }
  PYKC_ICE("comparison operator out of range");
}

} // namespace pykc::codegen
