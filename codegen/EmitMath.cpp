//===- EmitMath.cpp - The math module's functions -------------------------===//
//
// Each MATH row of ir/Builtins.def names one of these lowerings. Libm calls
// go through the target: libdevice's __nv_ functions on the GPU (as Numba
// calls them), the C library's on the CPU; the two can differ in the last
// bit for the transcendental functions. Intrinsics are exactly rounded on
// both.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"
#include "ir/Libdevice.h"
#include "support/InternalError.h"

#include <llvm/IR/Intrinsics.h>

#include <cstring>
#include <numbers>

namespace pykc::codegen {

using namespace llvm;

std::vector<Value *> FunctionEmitter::mathOperands(const ir::IntrinsicExpr &E, Type *FloatTy) {
  std::vector<Value *> Ops;
  for (const ir::Expr *A : E.Args) {
    Value *V = emitExpr(*A);
    auto *S = ir::dynCast<ir::ScalarType>(A->Ty);
    if (!S->isFloat()) // Numba's int64 and uint64 cases compute in float64.
      V = S->isSigned() ? B.CreateSIToFP(V, FloatTy) : B.CreateUIToFP(V, FloatTy);
    Ops.push_back(V);
  }
  return Ops;
}

Value *FunctionEmitter::emitLibmCall(const ir::IntrinsicExpr &E, const char *Name) {
  Type *Ty = ME.llvmType(E.Ty);
  std::vector<Value *> Ops = mathOperands(E, Ty);
  return B.CreateCall(ME.Target.mathFunction(ME.M, Name, Ty, unsigned(Ops.size())), Ops);
}

Value *FunctionEmitter::emitLibmWithOutput(const ir::IntrinsicExpr &E, const char *Name) {
  // frexp(x, &e) and modf(x, &i): the tuple (result, *out).
  auto *TT = ir::dynCast<ir::TupleType>(E.Ty);
  Type *FloatTy = ME.llvmType(TT->elements()[0]);
  Type *OutTy = ME.llvmType(TT->elements()[1]);
  Value *X = mathOperands(E, FloatTy)[0];
  IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
  AllocaInst *Out = Entry.CreateAlloca(OutTy, nullptr, std::string(Name) + ".out");
  auto *FT = FunctionType::get(FloatTy, {FloatTy, Out->getType()}, false);
  Value *R = B.CreateCall(ME.Target.mathFunction(ME.M, Name, FloatTy, FT), {X, Out});
  Value *Tuple = PoisonValue::get(ME.llvmType(E.Ty));
  Tuple = B.CreateInsertValue(Tuple, R, {0u});
  return B.CreateInsertValue(Tuple, B.CreateLoad(OutTy, Out), {1u});
}

Value *FunctionEmitter::emitLibmFloatInt(const ir::IntrinsicExpr &E, const char *Name) {
  Type *FloatTy = ME.llvmType(E.Ty);
  Value *X = emitExpr(*E.Args[0]);
  Value *N = emitExpr(*E.Args[1]); // int32: typing converted it
  auto *FT = FunctionType::get(FloatTy, {FloatTy, N->getType()}, false);
  return B.CreateCall(ME.Target.mathFunction(ME.M, Name, FloatTy, FT), {X, N});
}

Value *FunctionEmitter::emitLibdeviceCall(const ir::LibdeviceCallExpr &E) {
  const ir::LibdeviceFunction &Fn = *E.Fn;
  auto TypeOf = [&](char C) -> Type * {
    switch (C | 0x20) {
    case 'f': return B.getFloatTy();
    case 'd': return B.getDoubleTy();
    case 'i': return B.getInt32Ty();
    case 'l': return B.getInt64Ty();
    default: return B.getVoidTy();
    }
  };
  // libdevice's prototype: the passed values, and a slot for each pointer.
  std::vector<Value *> Args;
  std::vector<Type *> Params;
  std::vector<std::pair<AllocaInst *, Type *>> Outputs;
  size_t Next = 0;
  IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
  for (const char *C = std::strchr(Fn.Sig, ':') + 1; *C; ++C) {
    if (*C >= 'A' && *C <= 'Z') {
      AllocaInst *Slot = Entry.CreateAlloca(TypeOf(*C), nullptr, "libdevice.out");
      Outputs.push_back({Slot, TypeOf(*C)});
      Args.push_back(Slot);
      Params.push_back(Slot->getType());
    } else {
      Args.push_back(emitExpr(*E.Args[Next++]));
      Params.push_back(Args.back()->getType());
    }
  }
  Type *Result = TypeOf(Fn.Sig[0]);
  Value *R;
  if (!ME.Target.callsLibdevice() && Fn.CpuIntrinsic) {
    // popc, clz, brev and their ll forms: counts are small and non-negative.
    std::string Name = Fn.CpuName;
    Intrinsic::ID Id = Name == "ctpop" ? Intrinsic::ctpop
                       : Name == "ctlz" ? Intrinsic::ctlz
                                        : Intrinsic::bitreverse;
    std::vector<Value *> Ops = {Args[0]};
    if (Id == Intrinsic::ctlz)
      Ops.push_back(B.getFalse()); // clz(0) is the width, as libdevice's
    R = B.CreateZExtOrTrunc(B.CreateIntrinsic(Id, {Args[0]->getType()}, Ops), Result);
  } else {
    std::string Symbol =
        ME.Target.callsLibdevice() ? "__nv_" + std::string(Fn.Name) : std::string(Fn.CpuName);
    R = B.CreateCall(ME.M.getOrInsertFunction(Symbol, FunctionType::get(Result, Params, false)),
                     Args);
  }
  // As Numba: the result (unless void), then what each pointer received.
  std::vector<Value *> Values;
  if (!Result->isVoidTy())
    Values.push_back(R);
  for (auto &[Slot, Ty] : Outputs)
    Values.push_back(B.CreateLoad(Ty, Slot));
  if (Values.size() == 1)
    return Values[0];
  Value *Tuple = PoisonValue::get(ME.llvmType(E.Ty));
  for (unsigned I = 0; I < Values.size(); ++I)
    Tuple = B.CreateInsertValue(Tuple, Values[I], {I});
  return Tuple;
}

Value *FunctionEmitter::emitMathIntrinsic(const ir::IntrinsicExpr &E, Intrinsic::ID Id) {
  Type *Ty = ME.llvmType(E.Ty);
  return B.CreateIntrinsic(Id, {Ty}, mathOperands(E, Ty));
}

Value *FunctionEmitter::emitFloatPredicate(const ir::IntrinsicExpr &E, FloatPredicate P) {
  const ir::Expr &Arg = *E.Args[0];
  auto *S = ir::dynCast<ir::ScalarType>(Arg.Ty);
  if (!S->isFloat()) {
    // An integer is never nan or inf (Numba evaluates the argument all the
    // same).
    emitExpr(Arg);
    return B.getInt1(P == FloatPredicate::isfinite);
  }
  Value *X = emitExpr(Arg);
  switch (P) {
  case FloatPredicate::isnan:
    return B.CreateFCmpUNO(X, X);
  case FloatPredicate::isinf:
  case FloatPredicate::isfinite: {
    Value *Mag = B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
    Value *Inf = ConstantFP::getInfinity(X->getType());
    return P == FloatPredicate::isinf ? B.CreateFCmpOEQ(Mag, Inf) : B.CreateFCmpONE(Mag, Inf);
  }
  }
  PYKC_ICE("float predicate out of range");
}

Value *FunctionEmitter::emitAngle(const ir::IntrinsicExpr &E, AngleConversion A) {
  // As Numba: one multiplication by the factor in the result's type.
  Type *Ty = ME.llvmType(E.Ty);
  Value *X = mathOperands(E, Ty)[0];
  double Factor = A == AngleConversion::degrees ? 180.0 / std::numbers::pi : std::numbers::pi / 180.0;
  Value *R = B.CreateFMul(X, ConstantFP::get(Ty, Factor));
  setFloatFlags(R);
  return R;
}

} // namespace pykc::codegen
