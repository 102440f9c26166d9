//===- EmitArray.cpp - Array values and element addressing ----------------===//
#include "codegen/Emitter.h"

namespace pykc::codegen {

using namespace llvm;

Value *FunctionEmitter::makeArray(Value *Data, const std::vector<Value *> &Shape,
                                  const std::vector<Value *> &Strides) {
  Value *A = PoisonValue::get(ME.arrayStructType(unsigned(Shape.size())));
  A = B.CreateInsertValue(A, Data, {0u});
  for (unsigned D = 0; D < Shape.size(); ++D) {
    A = B.CreateInsertValue(A, Shape[D], {1u, D});
    A = B.CreateInsertValue(A, Strides[D], {2u, D});
  }
  return A;
}

Value *FunctionEmitter::wrapIndex(Value *Index, const ir::ScalarType *IndexTy, Value *Extent) {
  // Numba wraps negative indices of signed types around once: a[-1] is the
  // last element. There is no bounds check, as in Numba's CUDA target.
  if (!IndexTy->isSigned())
    return B.CreateZExtOrTrunc(Index, B.getInt64Ty());
  Value *I = B.CreateSExtOrTrunc(Index, B.getInt64Ty());
  Value *Negative = B.CreateICmpSLT(I, B.getInt64(0));
  return B.CreateSelect(Negative, B.CreateAdd(I, Extent), I);
}

Value *FunctionEmitter::elementPointer(Value *Array, const ir::ArrayType *AT,
                                       const ir::ExprList &Indices) {
  Value *Data = B.CreateExtractValue(Array, {0u});
  unsigned N = AT->ndim();
  std::vector<Value *> Idx(N), Shape(N);
  for (unsigned D = 0; D < N; ++D) {
    Shape[D] = B.CreateExtractValue(Array, {1u, D});
    Idx[D] = wrapIndex(emitExpr(*Indices[D]), ir::dynCast<ir::ScalarType>(Indices[D]->Ty), Shape[D]);
  }
  Type *Elt = ME.memoryType(AT->dtype());
  switch (AT->layout()) {
  case ir::ArrayLayout::C: {
    Value *Linear = Idx[0];
    for (unsigned D = 1; D < N; ++D)
      Linear = B.CreateAdd(B.CreateMul(Linear, Shape[D]), Idx[D]);
    return B.CreateInBoundsGEP(Elt, Data, Linear);
  }
  case ir::ArrayLayout::F: {
    Value *Linear = Idx[N - 1];
    for (unsigned D = N - 1; D-- > 0;)
      Linear = B.CreateAdd(B.CreateMul(Linear, Shape[D]), Idx[D]);
    return B.CreateInBoundsGEP(Elt, Data, Linear);
  }
  case ir::ArrayLayout::A: {
    Value *Offset = B.getInt64(0);
    for (unsigned D = 0; D < N; ++D)
      Offset = B.CreateAdd(Offset, B.CreateMul(Idx[D], B.CreateExtractValue(Array, {2u, D})));
    return B.CreateInBoundsGEP(B.getInt8Ty(), Data, Offset);
  }
  }
  return Data;
}

Value *FunctionEmitter::arrayView(const ir::ArrayViewExpr &E) {
  Value *Array = emitExpr(*E.Array);
  auto *AT = ir::dynCast<ir::ArrayType>(E.Array->Ty);
  unsigned Fixed = unsigned(E.Indices.size());
  Value *Offset = B.getInt64(0);
  for (unsigned D = 0; D < Fixed; ++D) {
    Value *Extent = B.CreateExtractValue(Array, {1u, D});
    Value *I = wrapIndex(emitExpr(*E.Indices[D]), ir::dynCast<ir::ScalarType>(E.Indices[D]->Ty), Extent);
    Offset = B.CreateAdd(Offset, B.CreateMul(I, B.CreateExtractValue(Array, {2u, D})));
  }
  Value *Data = B.CreateInBoundsGEP(B.getInt8Ty(), B.CreateExtractValue(Array, {0u}), Offset);
  std::vector<Value *> Shape, Strides;
  for (unsigned D = Fixed; D < AT->ndim(); ++D) {
    Shape.push_back(B.CreateExtractValue(Array, {1u, D}));
    Strides.push_back(B.CreateExtractValue(Array, {2u, D}));
  }
  return makeArray(Data, Shape, Strides);
}

Value *FunctionEmitter::loadElement(Value *Ptr, const ir::ScalarType *Dtype) {
  LoadInst *L = B.CreateLoad(ME.memoryType(Dtype), Ptr);
  L->setAlignment(Align(Dtype->byteSize()));
  if (Dtype->isBoolean())
    return B.CreateICmpNE(L, B.getInt8(0));
  return L;
}

void FunctionEmitter::storeElement(Value *Ptr, Value *V, const ir::ScalarType *Dtype) {
  if (Dtype->isBoolean())
    V = B.CreateZExt(V, B.getInt8Ty());
  StoreInst *S = B.CreateStore(V, Ptr);
  S->setAlignment(Align(Dtype->byteSize()));
}

} // namespace pykc::codegen
