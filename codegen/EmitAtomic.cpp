//===- EmitAtomic.cpp - cuda.atomic read-modify-writes --------------------===//
//
// Both targets use LLVM's own atomics with monotonic (relaxed) ordering, as
// Numba does: NVPTX selects atom.global/atom.shared (after address space
// inference), and the CPU backend, whose blocks run on several threads, gets
// the host's atomic instructions.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"

namespace pykc::codegen {

using namespace llvm;

namespace {

/// Numba's float max/min: whether \p V replaces \p Old. Ordered comparisons,
/// so a NaN on either side leaves the element alone (unlike LLVM's
/// maxnum-based `atomicrmw fmax`).
Value *floatReplaces(IRBuilder<> &B, Value *Old, Value *V, bool IsMax) {
  return IsMax ? B.CreateFCmpOLT(Old, V) : B.CreateFCmpOGT(Old, V);
}

/// The element's new value after \p Op with \p V, for a plain
/// read-modify-write.
Value *combine(IRBuilder<> &B, ir::AtomicOp Op, const ir::ScalarType *Dtype,
               Value *Old, Value *V) {
  bool IsFloat = Dtype->isFloat();
  switch (Op) {
  case ir::AtomicOp::Add:
    return IsFloat ? B.CreateFAdd(Old, V) : B.CreateAdd(Old, V);
  case ir::AtomicOp::Sub:
    return IsFloat ? B.CreateFSub(Old, V) : B.CreateSub(Old, V);
  case ir::AtomicOp::Max:
  case ir::AtomicOp::Min: {
    bool IsMax = Op == ir::AtomicOp::Max;
    Value *Replace =
        IsFloat ? floatReplaces(B, Old, V, IsMax)
        : Dtype->isSigned()
            ? (IsMax ? B.CreateICmpSGT(V, Old) : B.CreateICmpSLT(V, Old))
            : (IsMax ? B.CreateICmpUGT(V, Old) : B.CreateICmpULT(V, Old));
    return B.CreateSelect(Replace, V, Old);
  }
  }
  PYKC_ICE("atomic operation not handled by the LLVM emitter");
}

} // namespace

Value *FunctionEmitter::emitAtomic(const ir::AtomicRMWExpr &E) {
  auto *AT = ir::dynCast<ir::ArrayType>(E.Array->Ty);
  const ir::ScalarType *Dtype = AT->dtype();
  // Python's order: the array and the index, then the value.
  Value *Ptr = elementPointer(emitExpr(*E.Array), AT, E.Indices);
  Value *V = emitExpr(*E.Value);
  if (AT->addressSpace() == ir::AddressSpace::Local) {
    // A local array belongs to one thread, so a plain read-modify-write is
    // atomic; NVPTX has no atomic instructions for local memory.
    Value *Old = loadElement(Ptr, Dtype);
    storeElement(Ptr, combine(B, E.Op, Dtype, Old, V), Dtype);
    return Old;
  }
  Align A(Dtype->byteSize());
  bool IsFloat = Dtype->isFloat();
  AtomicRMWInst::BinOp Op = AtomicRMWInst::BAD_BINOP;
  switch (E.Op) {
  case ir::AtomicOp::Add:
    Op = IsFloat ? AtomicRMWInst::FAdd : AtomicRMWInst::Add;
    break;
  case ir::AtomicOp::Sub:
    Op = IsFloat ? AtomicRMWInst::FSub : AtomicRMWInst::Sub;
    break;
  case ir::AtomicOp::Max:
  case ir::AtomicOp::Min: {
    bool IsMax = E.Op == ir::AtomicOp::Max;
    if (IsFloat)
      return atomicFloatMinMax(Ptr, V, IsMax, A);
    Op = Dtype->isSigned()
             ? (IsMax ? AtomicRMWInst::Max : AtomicRMWInst::Min)
             : (IsMax ? AtomicRMWInst::UMax : AtomicRMWInst::UMin);
    break;
  }
  }
  if (Op == AtomicRMWInst::BAD_BINOP)
    PYKC_ICE("atomic operation not handled by the LLVM emitter");
  return B.CreateAtomicRMW(Op, Ptr, V, A, AtomicOrdering::Monotonic);
}

Value *FunctionEmitter::atomicFloatMinMax(Value *Ptr, Value *V, bool IsMax,
                                          Align A) {
  // A compare-and-swap loop on the bits: swap V in while it replaces what
  // the element holds. Like Numba, the result is the element as first read.
  Type *FloatTy = V->getType();
  Type *IntTy = B.getIntNTy(FloatTy->getPrimitiveSizeInBits());
  LoadInst *First = B.CreateAlignedLoad(FloatTy, Ptr, A, "atomic.first");
  First->setAtomic(AtomicOrdering::Monotonic);
  BasicBlock *Entry = B.GetInsertBlock();
  BasicBlock *Check = BasicBlock::Create(ME.Ctx, "atomic.check", Fn);
  BasicBlock *Attempt = BasicBlock::Create(ME.Ctx, "atomic.attempt", Fn);
  BasicBlock *Done = BasicBlock::Create(ME.Ctx, "atomic.done", Fn);
  B.CreateBr(Check);

  B.SetInsertPoint(Check);
  PHINode *Current = B.CreatePHI(FloatTy, 2, "atomic.current");
  Current->addIncoming(First, Entry);
  B.CreateCondBr(floatReplaces(B, Current, V, IsMax), Attempt, Done);

  B.SetInsertPoint(Attempt);
  Value *Pair = B.CreateAtomicCmpXchg(
      Ptr, B.CreateBitCast(Current, IntTy), B.CreateBitCast(V, IntTy), A,
      AtomicOrdering::Monotonic, AtomicOrdering::Monotonic);
  // Done when swapped in; otherwise compare again with what was there.
  Current->addIncoming(
      B.CreateBitCast(B.CreateExtractValue(Pair, {0u}), FloatTy), Attempt);
  B.CreateCondBr(B.CreateExtractValue(Pair, {1u}), Done, Check);

  B.SetInsertPoint(Done);
  return First;
}

} // namespace pykc::codegen
