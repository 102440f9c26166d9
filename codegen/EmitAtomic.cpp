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
#include "support/InternalError.h"

#include <pykc/CpuABI.h>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// Numba's float max/min: whether \p V replaces \p Old. Ordered comparisons,
/// so a NaN on either side leaves the element alone (unlike LLVM's
/// maxnum-based `atomicrmw fmax`).
Value *floatReplaces(IRBuilder<> &B, Value *Old, Value *V, bool IsMax) {
  return IsMax ? B.CreateFCmpOLT(Old, V) : B.CreateFCmpOGT(Old, V);
}

/// Numba's nanmax/nanmin on floats: NaN is a missing value, so the element
/// is replaced when \p V is the larger (smaller) one or the element is a NaN
/// and \p V is not (C's fmax/fmin, LLVM's maxnum/minnum).
Value *nanReplaces(IRBuilder<> &B, Value *Old, Value *V, bool IsMax) {
  Value *Better = IsMax ? B.CreateFCmpOLT(Old, V) : B.CreateFCmpOGT(Old, V);
  return B.CreateOr(Better, B.CreateAnd(B.CreateFCmpUNO(Old, Old), B.CreateFCmpORD(V, V)));
}

/// The element's new value after \p Op with \p V (and \p Compare for
/// Cas), for a plain read-modify-write.
Value *combine(IRBuilder<> &B, ir::AtomicOp Op, const ir::ScalarType *Dtype,
               Value *Old, Value *V, Value *Compare) {
  bool IsFloat = Dtype->isFloat();
  switch (Op) {
  case ir::AtomicOp::NanMax:
  case ir::AtomicOp::NanMin:
    if (IsFloat)
      return B.CreateSelect(nanReplaces(B, Old, V, Op == ir::AtomicOp::NanMax), V, Old);
    return combine(B, Op == ir::AtomicOp::NanMax ? ir::AtomicOp::Max : ir::AtomicOp::Min, Dtype,
                   Old, V, Compare);
  case ir::AtomicOp::And:
    return B.CreateAnd(Old, V);
  case ir::AtomicOp::Or:
    return B.CreateOr(Old, V);
  case ir::AtomicOp::Xor:
    return B.CreateXor(Old, V);
  case ir::AtomicOp::Exch:
    return V;
  case ir::AtomicOp::Inc: // CUDA's atomicInc: wraps to 0 past V
    return B.CreateSelect(B.CreateICmpUGE(Old, V), ConstantInt::get(Old->getType(), 0),
                          B.CreateAdd(Old, ConstantInt::get(Old->getType(), 1)));
  case ir::AtomicOp::Dec: // CUDA's atomicDec: wraps to V at 0 or above V
    return B.CreateSelect(
        B.CreateOr(B.CreateICmpEQ(Old, ConstantInt::get(Old->getType(), 0)), B.CreateICmpUGT(Old, V)),
        V, B.CreateSub(Old, ConstantInt::get(Old->getType(), 1)));
  case ir::AtomicOp::Cas:
    return B.CreateSelect(B.CreateICmpEQ(Old, Compare), V, Old);
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
  // Python's order: the array and the index, then the old value (Cas),
  // then the value.
  Value *Ptr = elementPointer(emitExpr(*E.Array), AT, E.Indices, E.Wraps, E.Range, E.Array);
  std::vector<Value *> Indices = CheckIndices;
  Value *Compare = E.Compare ? emitExpr(*E.Compare) : nullptr;
  Value *V = emitExpr(*E.Value);
  CheckIndices = std::move(Indices);
  checkAccess(Ptr, AT, *E.Array, E.Range, PYKC_CHECK_ATOMIC);
  if (AT->addressSpace() == ir::AddressSpace::Local) {
    // A local array belongs to one thread, so a plain read-modify-write is
    // atomic; NVPTX has no atomic instructions for local memory.
    Value *Old = loadElement(Ptr, Dtype);
    storeElement(Ptr, combine(B, E.Op, Dtype, Old, V, Compare), Dtype);
    return Old;
  }
  Align A(Dtype->byteSize());
  bool IsFloat = Dtype->isFloat();
  AtomicRMWInst::BinOp Op = AtomicRMWInst::BAD_BINOP;
  switch (E.Op) {
  case ir::AtomicOp::Cas: {
    Value *Pair = B.CreateAtomicCmpXchg(Ptr, Compare, V, A, AtomicOrdering::Monotonic,
                                        AtomicOrdering::Monotonic);
    return B.CreateExtractValue(Pair, {0u});
  }
  case ir::AtomicOp::And:
    Op = AtomicRMWInst::And;
    break;
  case ir::AtomicOp::Or:
    Op = AtomicRMWInst::Or;
    break;
  case ir::AtomicOp::Xor:
    Op = AtomicRMWInst::Xor;
    break;
  case ir::AtomicOp::Exch:
    Op = AtomicRMWInst::Xchg;
    break;
  case ir::AtomicOp::Inc:
    Op = AtomicRMWInst::UIncWrap; // old >= v ? 0 : old + 1, as atomicInc
    break;
  case ir::AtomicOp::Dec:
    Op = AtomicRMWInst::UDecWrap; // old == 0 || old > v ? v : old - 1
    break;
  case ir::AtomicOp::NanMax:
  case ir::AtomicOp::NanMin: {
    bool IsMax = E.Op == ir::AtomicOp::NanMax;
    if (IsFloat)
      return atomicFloatReplace(Ptr, V, A, [&](Value *Old) { return nanReplaces(B, Old, V, IsMax); });
    Op = Dtype->isSigned() ? (IsMax ? AtomicRMWInst::Max : AtomicRMWInst::Min)
                           : (IsMax ? AtomicRMWInst::UMax : AtomicRMWInst::UMin);
    break;
  }
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
      return atomicFloatReplace(Ptr, V, A, [&](Value *Old) { return floatReplaces(B, Old, V, IsMax); });
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

Value *FunctionEmitter::atomicFloatReplace(Value *Ptr, Value *V, Align A,
                                           const std::function<Value *(Value *)> &Replaces) {
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
  B.CreateCondBr(Replaces(Current), Attempt, Done);

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
