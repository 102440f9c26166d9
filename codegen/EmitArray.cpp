//===- EmitArray.cpp - Array values and element addressing ----------------===//
#include "codegen/Emitter.h"
#include "support/InternalError.h"

#include <llvm/IR/MDBuilder.h>

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

Value *FunctionEmitter::makeCArray(Value *Data, const std::vector<int64_t> &Shape,
                                   uint64_t ElementBytes) {
  // C order: the last extent is contiguous.
  std::vector<Value *> Extents, Strides(Shape.size());
  int64_t Stride = int64_t(ElementBytes);
  for (size_t D = Shape.size(); D-- > 0;) {
    Strides[D] = B.getInt64(Stride);
    Stride *= Shape[D];
  }
  for (int64_t D : Shape)
    Extents.push_back(B.getInt64(D));
  return makeArray(Data, Extents, Strides);
}

Value *FunctionEmitter::toInt64(Value *V, const ir::ScalarType *Ty) {
  return Ty->isSigned() ? B.CreateSExtOrTrunc(V, B.getInt64Ty())
                        : B.CreateZExtOrTrunc(V, B.getInt64Ty());
}

Value *FunctionEmitter::wrapIndex(Value *Index, const ir::ScalarType *IndexTy,
                                  const ir::Function *Wrap, Value *Extent) {
  // There is no bounds check, as in Numba's CUDA target (--boundscheck
  // adds one: elementPointer).
  if (Wrap)
    return callPrimitive(Wrap, {Index, Extent});
  return toInt64(Index, IndexTy); // known not to be negative
}

Value *FunctionEmitter::callPrimitive(const ir::Function *Fn, std::vector<Value *> Args) {
  if (TargetContext)
    Args.push_back(TargetContext);
  return callFunction(B, ME.declaration(Fn), std::move(Args), {});
}

Value *FunctionEmitter::elementPointer(Value *Array, const ir::ArrayType *AT,
                                       const ir::ExprList &Indices,
                                       const ir::IndexWraps &Wraps, frontend::SourceRange Where,
                                       const ir::Expr *Named) {
  if (!F.BoundsCheck)
    return uncheckedElementPointer(Array, AT, Indices, Wraps, nullptr);
  std::vector<IndexCheck> Checks;
  Value *Ptr = uncheckedElementPointer(Array, AT, Indices, Wraps, &Checks);
  // Any index out of range: report the first, and point the access at a
  // scratch element instead, so nothing outside the array is touched. The
  // branch is on the `and` of the in-range tests, taken when they hold and
  // weighted so: the form IRCE reads as range checks, so a loop over an
  // axis runs its main part without that axis's checks.
  Value *InRange = B.getTrue();
  for (IndexCheck &C : Checks)
    InRange = B.CreateAnd(InRange, B.CreateICmpULT(C.Wrapped, C.Extent)); // negative: huge
  Function *Fn = B.GetInsertBlock()->getParent();
  BasicBlock *Report = BasicBlock::Create(ME.Ctx, "bounds.error", Fn);
  BasicBlock *Join = BasicBlock::Create(ME.Ctx, "bounds.ok", Fn);
  BasicBlock *From = B.GetInsertBlock();
  B.CreateCondBr(InRange, Join, Report, MDBuilder(ME.Ctx).createLikelyBranchWeights());
  B.SetInsertPoint(Report);
  for (IndexCheck &C : Checks)
    C.Bad = B.CreateICmpUGE(C.Wrapped, C.Extent);
  std::string Place = F.FileName + ":" + std::to_string(Where.Begin.Line) + ":" +
                      std::to_string(Where.Begin.Column);
  Value *PlaceStr = B.CreateGlobalStringPtr(Place, "bounds.where", 0, &ME.M);
  // The first bad axis.
  Value *Axis = B.getInt32(0), *Index = B.getInt64(0), *Extent = B.getInt64(0);
  for (size_t K = Checks.size(); K-- > 0;) {
    const IndexCheck &C = Checks[K];
    Axis = B.CreateSelect(C.Bad, B.getInt32(unsigned(K)), Axis);
    Index = B.CreateSelect(C.Bad, C.Written, Index); // as the kernel wrote it
    Extent = B.CreateSelect(C.Bad, C.Extent, Extent);
  }
  if (F.HostCode) {
    // Host code (@njit) raises IndexError, as Numba's CPU target does: the
    // host entry returns the message (CpuABI.h's pykc_host_bounds_error).
    if (TargetContext) {
      FunctionCallee Raise = ME.M.getOrInsertFunction(
          "pykc_host_bounds_error",
          FunctionType::get(B.getVoidTy(),
                            {B.getPtrTy(), B.getPtrTy(), B.getPtrTy(), B.getInt32Ty(),
                             B.getInt64Ty(), B.getInt64Ty()},
                            false));
      Value *Name = B.CreateGlobalStringPtr(F.PyName, "bounds.function", 0, &ME.M);
      B.CreateCall(Raise, {TargetContext, PlaceStr, Name, Axis, Index, Extent});
    }
  } else {
    if (ME.Check && Named && TargetContext) // memcheck names the array
      B.CreateCall(ME.M.getOrInsertFunction("pykc_check_bounds_array", B.getVoidTy(),
                                            B.getPtrTy(), B.getPtrTy()),
                   {TargetContext, B.CreateGlobalStringPtr(checkArrayName(*Named),
                                                           "check.array", 0, &ME.M)});
    std::vector<Value *> Args = {PlaceStr, Axis, Index, Extent};
    for (ir::SpecialRegister R : {ir::SpecialRegister::ThreadIdx, ir::SpecialRegister::BlockIdx})
      for (unsigned D = 0; D < 3; ++D)
        Args.push_back(ME.Target.specialRegister(B, R, D, TargetContext));
    ME.Target.boundsError(B, Args, TargetContext);
  }
  BasicBlock *Reported = B.GetInsertBlock(); // the target may add blocks
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  PHINode *Safe = B.CreatePHI(Ptr->getType(), 2);
  Safe->addIncoming(Ptr, From);
  Safe->addIncoming(ME.boundsScratch(), Reported);
  return Safe;
}

Value *FunctionEmitter::uncheckedElementPointer(Value *Array, const ir::ArrayType *AT,
                                                const ir::ExprList &Indices,
                                                const ir::IndexWraps &Wraps,
                                                std::vector<IndexCheck> *Checks) {
  Value *Data = B.CreateExtractValue(Array, {0u});
  unsigned N = AT->ndim();
  std::vector<Value *> Idx(N), Shape(N);
  CheckIndices.clear();
  for (unsigned D = 0; D < N; ++D) {
    Shape[D] = B.CreateExtractValue(Array, {1u, D});
    Value *Raw = emitExpr(*Indices[D]);
    auto *IT = ir::dynCast<ir::ScalarType>(Indices[D]->Ty);
    Idx[D] = wrapIndex(Raw, IT, D < Wraps.size() ? Wraps[D] : nullptr, Shape[D]);
    if (ME.Check)
      CheckIndices.push_back(Idx[D]);
    if (Checks)
      Checks->push_back({Idx[D], Shape[D], toInt64(Raw, IT), nullptr});
  }
  Type *Elt = ME.memoryType(AT->element());
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
  Value *Offset = B.getInt64(0);
  std::vector<Value *> Shape, Strides;
  Value *One = B.getInt64(1);
  for (unsigned D = 0; D < AT->ndim(); ++D) {
    Value *Extent = B.CreateExtractValue(Array, {1u, D});
    Value *Stride = B.CreateExtractValue(Array, {2u, D});
    const ir::ViewIndex *I = D < E.Entries.size() ? &E.Entries[D] : nullptr;
    if (I && !I->isSlice()) {
      Value *K = wrapIndex(emitExpr(*I->Index), ir::dynCast<ir::ScalarType>(I->Index->Ty),
                           I->Wrap, Extent);
      Offset = B.CreateAdd(Offset, B.CreateMul(K, Stride));
      continue;
    }
    if (!I || (!I->Start && !I->Stop && !I->Step)) {
      Shape.push_back(Extent);
      Strides.push_back(Stride);
      continue;
    }
    // Python's slice.indices(n) (IndexFunctions.h), its parts evaluated in
    // Python's order, start, stop, step, before any is used.
    auto Bound = [&](const ir::Expr *X) -> Value * {
      return X ? toInt64(emitExpr(*X), ir::dynCast<ir::ScalarType>(X->Ty)) : B.getInt64(0);
    };
    Value *RawStart = Bound(I->Start), *RawStop = Bound(I->Stop);
    Value *Step = I->Step ? Bound(I->Step) : One;
    const ir::SliceFunctions &Rules = I->Slice;
    if (!Rules.Start)
      PYKC_ICE("a slice has no rules (ExpandOperators did not run)");
    Value *Start = callPrimitive(Rules.Start, {Extent, B.getInt1(I->Start), RawStart, Step});
    Value *Stop = callPrimitive(Rules.Stop, {Extent, B.getInt1(I->Stop), RawStop, Step});
    Value *Len = callPrimitive(Rules.Length, {Start, Stop, Step});
    Offset = B.CreateAdd(Offset, B.CreateMul(Start, Stride));
    Shape.push_back(Len);
    Strides.push_back(B.CreateMul(Stride, callPrimitive(Rules.Step, {Step})));
  }
  Value *Data = B.CreateGEP(B.getInt8Ty(), B.CreateExtractValue(Array, {0u}), Offset);
  if (!E.Order.empty()) {
    std::vector<Value *> Kept = Shape, KeptStrides = Strides;
    for (size_t K = 0; K < E.Order.size(); ++K) {
      Shape[K] = Kept[E.Order[K]];
      Strides[K] = KeptStrides[E.Order[K]];
    }
  }
  return makeArray(Data, Shape, Strides);
}

Value *FunctionEmitter::arrayReinterpret(const ir::ArrayReinterpretExpr &E) {
  // NumPy's rule (Numba's _change_dtype): the contiguous axis takes the
  // new item size; its bytes must divide by it.
  Value *Array = emitExpr(*E.Array);
  auto *From = ir::dynCast<ir::ArrayType>(E.Array->Ty);
  auto *To = ir::dynCast<ir::ArrayType>(E.Ty);
  uint64_t Old = From->dtype()->byteSize(), New = To->dtype()->byteSize();
  if (E.Part >= 0) { // a complex array's .real or .imag: moved data, same strides
    Value *Data = B.CreateExtractValue(Array, {0u});
    Data = B.CreateInBoundsGEP(B.getInt8Ty(), Data, B.getInt64(E.Part * New));
    return B.CreateInsertValue(Array, Data, {0u});
  }
  unsigned ND = From->ndim();
  if (Old == New || ND == 0)
    return Array; // the same bytes and strides, read as another dtype
  std::vector<Value *> Shape, Strides;
  for (unsigned D = 0; D < ND; ++D) {
    Shape.push_back(B.CreateExtractValue(Array, {1u, D}));
    Strides.push_back(B.CreateExtractValue(Array, {2u, D}));
  }
  Value *OldSize = B.getInt64(Old), *NewSize = B.getInt64(New), *Zero = B.getInt64(0);
  // Axis \p D resized: whether it may be, and its new extent.
  auto Resize = [&](unsigned D) -> std::pair<Value *, Value *> {
    Value *Bytes = B.CreateMul(Shape[D], OldSize);
    Value *Fits = B.CreateICmpEQ(B.CreateURem(Bytes, NewSize), Zero);
    return {B.CreateAnd(Fits, B.CreateICmpEQ(Strides[D], OldSize)), B.CreateUDiv(Bytes, NewSize)};
  };
  ir::ArrayLayout L = From->layout();
  auto [LastOk, LastExtent] = Resize(ND - 1);
  auto [FirstOk, FirstExtent] = Resize(0);
  // C arrays resize their last axis, F arrays their first; an A array
  // whichever is contiguous, the last first.
  Value *UseLast = L == ir::ArrayLayout::C ? B.getTrue()
                   : L == ir::ArrayLayout::F ? B.getFalse()
                                            : B.CreateICmpEQ(Strides[ND - 1], OldSize);
  Value *Ok = B.CreateSelect(UseLast, LastOk, FirstOk);
  Shape[ND - 1] = B.CreateSelect(UseLast, LastExtent, Shape[ND - 1]);
  Strides[ND - 1] = B.CreateSelect(UseLast, NewSize, Strides[ND - 1]);
  if (ND > 1) {
    Shape[0] = B.CreateSelect(UseLast, Shape[0], FirstExtent);
    Strides[0] = B.CreateSelect(UseLast, Strides[0], NewSize);
  } else {
    Shape[0] = B.CreateSelect(UseLast, LastExtent, FirstExtent);
    Strides[0] = NewSize;
  }
  // Where NumPy raises, the view is empty.
  for (Value *&S : Shape)
    S = B.CreateSelect(Ok, S, Zero);
  return makeArray(B.CreateExtractValue(Array, {0u}), Shape, Strides);
}

Constant *ModuleEmitter::boundsScratch() {
  // 16 bytes take any element; the target's global address space, seen
  // through a generic pointer as array data is.
  if (!BoundsScratch) {
    Type *Ty = llvm::ArrayType::get(Type::getInt8Ty(Ctx), 16);
    unsigned Space = Target.globalAddressSpace();
    auto *G = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
                                 Constant::getNullValue(Ty), "pykc.bounds.scratch", nullptr,
                                 GlobalValue::NotThreadLocal, Space);
    G->setAlignment(Align(16));
    BoundsScratch = ConstantExpr::getAddrSpaceCast(G, PointerType::get(Ctx, 0));
  }
  return BoundsScratch;
}

Constant *ModuleEmitter::constantArrayData(const ir::ConstArrayExpr &E) {
  auto [It, New] = ConstantArrays.try_emplace(E.Name, nullptr);
  if (!New)
    return It->second;
  const ir::ConstantValue &A = *E.Data;
  if (A.Record) { // an array of records: NumPy's bytes
    if (A.Bytes.empty())
      return It->second = ConstantPointerNull::get(PointerType::get(Ctx, 0));
    auto *Data = ConstantDataArray::getRaw(A.Bytes, A.Bytes.size(), Type::getInt8Ty(Ctx));
    return It->second = constantGlobal(Data, A.Bytes.size(),
                                       Align(std::max(16u, A.Record->alignment())),
                                       "const." + E.Name);
  }
  if (A.Elements.empty())
    return It->second = ConstantPointerNull::get(PointerType::get(Ctx, 0));
  Type *Elt = memoryType(A.Dtype);
  std::vector<Constant *> Values;
  Values.reserve(A.Elements.size());
  for (const ir::ConstantValue &V : A.Elements) {
    if (A.Dtype->isComplex()) {
      Type *Part = cast<StructType>(Elt)->getElementType(0);
      Values.push_back(ConstantStruct::get(cast<StructType>(Elt), {ConstantFP::get(Part, V.Float),
                                                                   ConstantFP::get(Part, V.Imag)}));
    } else if (A.Dtype->isFloat())
      Values.push_back(ConstantFP::get(Elt, V.Float));
    else
      Values.push_back(ConstantInt::get(Elt, A.Dtype->isBoolean() ? uint64_t(V.Bool) : uint64_t(V.Int),
                                        A.Dtype->isSigned()));
  }
  auto *Ty = llvm::ArrayType::get(Elt, Values.size());
  return It->second = constantGlobal(llvm::ConstantArray::get(Ty, Values),
                                     Values.size() * A.Dtype->byteSize(),
                                     Align(std::max(16u, A.Dtype->byteSize())), "const." + E.Name);
}

Constant *ModuleEmitter::constantGlobal(Constant *Data, uint64_t Bytes, Align Alignment,
                                        const Twine &Name) {
  unsigned Space = Target.constantAddressSpace(ConstantBytes, Bytes);
  if (Space != Target.globalAddressSpace())
    ConstantBytes += Bytes; // what constant memory holds so far
  auto *G = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                               GlobalValue::InternalLinkage, Data, Name, nullptr,
                               GlobalValue::NotThreadLocal, Space);
  G->setAlignment(Alignment);
  return ConstantExpr::getAddrSpaceCast(G, PointerType::get(Ctx, 0));
}

Value *FunctionEmitter::constArray(const ir::ConstArrayExpr &E) {
  return makeCArray(ME.constantArrayData(E), E.Data->Shape,
                    E.Data->Record ? E.Data->Record->size() : E.Data->Dtype->byteSize());
}

/// NumPy's alignment of \p Dtype: its size, but a complex's part's size.
static Align elementAlign(const ir::ScalarType *Dtype) {
  return Align(Dtype->isComplex() ? Dtype->byteSize() / 2 : Dtype->byteSize());
}

Value *FunctionEmitter::loadElement(Value *Ptr, const ir::ScalarType *Dtype,
                                    std::optional<Align> A) {
  LoadInst *L = B.CreateLoad(ME.memoryType(Dtype), Ptr);
  L->setAlignment(A ? *A : elementAlign(Dtype));
  if (Dtype->isBoolean())
    return B.CreateICmpNE(L, B.getInt8(0));
  return L;
}

void FunctionEmitter::storeElement(Value *Ptr, Value *V, const ir::ScalarType *Dtype,
                                   std::optional<Align> A) {
  if (Dtype->isBoolean())
    V = B.CreateZExt(V, B.getInt8Ty());
  StoreInst *S = B.CreateStore(V, Ptr);
  S->setAlignment(A ? *A : elementAlign(Dtype));
}

} // namespace pykc::codegen
