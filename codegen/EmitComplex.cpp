//===- EmitComplex.cpp - complex64 and complex128 in LLVM IR --------------===//
//
// A complex is the struct {float, float} (or of doubles), real part first,
// as NumPy lays it out. The IR gives the backends only the operations that
// are a few float instructions (ir/build/BuildComplex.cpp); they follow Numba's
// textbook formulas, with no special handling of infinities.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

namespace pykc::codegen {

using namespace llvm;
using ir::ArithOp;
using ir::CompareOp;

Value *FunctionEmitter::complexValue(Value *Re, Value *Im, Type *T) {
  Value *Z = B.CreateInsertValue(PoisonValue::get(T), Re, {0});
  return B.CreateInsertValue(Z, Im, {1});
}

Value *FunctionEmitter::complexConstant(const ir::ConstantExpr &C) {
  auto *T = cast<StructType>(ME.llvmType(C.Ty));
  Type *Part = T->getElementType(0);
  return ConstantStruct::get(T, {ConstantFP::get(Part, C.FloatValue),
                                 ConstantFP::get(Part, C.ImagValue)});
}

Value *FunctionEmitter::castToComplex(Value *V, const ir::ScalarType *From,
                                      const ir::ScalarType *To) {
  auto *T = cast<StructType>(ME.llvmType(To));
  Type *Part = T->getElementType(0);
  // Each part as a float conversion would convert it.
  auto ToPart = [&](Value *X, bool Signed, bool Float) -> Value * {
    if (!Float)
      return Signed ? B.CreateSIToFP(X, Part) : B.CreateUIToFP(X, Part);
    return B.CreateFPCast(X, Part);
  };
  if (!From->isComplex())
    return complexValue(ToPart(V, From->isSigned(), From->isFloat()),
                        ConstantFP::get(Part, 0.0), T);
  return complexValue(ToPart(B.CreateExtractValue(V, {0}), true, true),
                      ToPart(B.CreateExtractValue(V, {1}), true, true), T);
}

Value *FunctionEmitter::complexBinary(ArithOp Op, Value *L, Value *R) {
  auto Flags = [&](Value *V) {
    setFloatFlags(V);
    return V;
  };
  Value *A = B.CreateExtractValue(L, {0}), *Bi = B.CreateExtractValue(L, {1});
  Value *C = B.CreateExtractValue(R, {0}), *D = B.CreateExtractValue(R, {1});
  switch (Op) {
  case ArithOp::Add:
    return complexValue(Flags(B.CreateFAdd(A, C)), Flags(B.CreateFAdd(Bi, D)),
                        L->getType());
  case ArithOp::Sub:
    return complexValue(Flags(B.CreateFSub(A, C)), Flags(B.CreateFSub(Bi, D)),
                        L->getType());
  case ArithOp::Mul: {
    // (a + bj)(c + dj) = (ac - bd) + (ad + bc)j
    Value *Re =
        B.CreateFSub(Flags(B.CreateFMul(A, C)), Flags(B.CreateFMul(Bi, D)));
    Value *Im =
        B.CreateFAdd(Flags(B.CreateFMul(A, D)), Flags(B.CreateFMul(Bi, C)));
    return complexValue(Flags(Re), Flags(Im), L->getType());
  }
  default:
    PYKC_ICE("complex operator other than + - * reached codegen");
  }
}

Value *FunctionEmitter::complexNeg(Value *Z) {
  Value *Re = B.CreateFNeg(B.CreateExtractValue(Z, {0}));
  Value *Im = B.CreateFNeg(B.CreateExtractValue(Z, {1}));
  setFloatFlags(Re);
  setFloatFlags(Im);
  return complexValue(Re, Im, Z->getType());
}

Value *FunctionEmitter::complexEqual(CompareOp Op, Value *L, Value *R) {
  Value *Re = B.CreateFCmpOEQ(B.CreateExtractValue(L, {0}),
                              B.CreateExtractValue(R, {0}));
  Value *Im = B.CreateFCmpOEQ(B.CreateExtractValue(L, {1}),
                              B.CreateExtractValue(R, {1}));
  Value *Equal = B.CreateAnd(Re, Im);
  if (Op == CompareOp::Eq)
    return Equal;
  if (Op == CompareOp::Ne)
    return B.CreateNot(Equal);
  PYKC_ICE("ordering comparison of complex numbers reached codegen");
}

Value *FunctionEmitter::complexTruth(Value *Z) {
  // NaN parts are true, as for floats.
  Value *Zero =
      ConstantFP::get(cast<StructType>(Z->getType())->getElementType(0), 0.0);
  return B.CreateOr(B.CreateFCmpUNE(B.CreateExtractValue(Z, {0}), Zero),
                    B.CreateFCmpUNE(B.CreateExtractValue(Z, {1}), Zero));
}

} // namespace pykc::codegen
