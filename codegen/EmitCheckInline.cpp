//===- EmitCheckInline.cpp - --check's inline path for shared reads -------===//
//
// Most shared accesses of a checked kernel are reads the checker can only
// record: the element was written, its record is of this block and barrier
// interval, and no other thread wrote it since the last barrier. For a read
// of static shared memory the kernel updates the record itself, as
// BlockCheck::sharedOnlyRecords does (runtime/lib/CheckState.cpp), through
// the state the runtime keeps for it (pykc_check_inline, CpuABI.h), and
// calls pykc_check_access otherwise; reports are the runtime's as before.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUTarget.h"
#include "codegen/Emitter.h"

#include <pykc/CpuABI.h>

#include <cstddef>

namespace pykc::codegen {

using namespace llvm;

void FunctionEmitter::checkSharedReadInline(Value *Ptr, uint32_t Bytes, Value *Where,
                                            FunctionCallee Fn, ArrayRef<Value *> Args) {
  Function *Parent = B.GetInsertBlock()->getParent();
  BasicBlock *Slow = BasicBlock::Create(ME.Ctx, "check.slow", Parent);
  BasicBlock *Join = BasicBlock::Create(ME.Ctx, "check.done", Parent);
  Type *I8 = B.getInt8Ty(), *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty(), *P = B.getPtrTy();
  auto Field = [&](Value *Base, size_t Offset) {
    return B.CreateConstInBoundsGEP1_64(I8, Base, Offset);
  };
  // Goes on in a new block when \p Cond holds, else to the call.
  auto Require = [&](Value *Cond, const char *Name) {
    BasicBlock *Next = BasicBlock::Create(ME.Ctx, Name, Parent, Slow);
    B.CreateCondBr(Cond, Next, Slow);
    B.SetInsertPoint(Next);
  };
  StructType *CtxTy = CPUTarget::contextType(ME.Ctx);
  Value *Sched = B.CreateLoad(P, B.CreateStructGEP(CtxTy, TargetContext, 5), "check.sched");
  Value *State = B.CreateLoad(P, Sched, "check.state");
  Value *On = B.CreateLoad(I32, Field(State, offsetof(pykc_check_inline, on)));
  Require(B.CreateICmpNE(On, B.getInt32(0)), "check.on");
  Value *Base = B.CreateLoad(P, Field(State, offsetof(pykc_check_inline, shared)));
  Value *Size = B.CreateLoad(I64, Field(State, offsetof(pykc_check_inline, shared_bytes)));
  Value *Off = B.CreateSub(B.CreatePtrToInt(Ptr, I64), B.CreatePtrToInt(Base, I64), "check.off");
  // Off + Bytes <= Size, Off unsigned (below Base wraps to a large value).
  Require(B.CreateAnd(B.CreateICmpULT(Off, Size),
                      B.CreateICmpULE(B.CreateAdd(Off, B.getInt64(Bytes)), Size)),
          "check.inrange");
  Value *Gen = B.CreateLoad(I32, Field(State, offsetof(pykc_check_inline, gen)));
  Value *Epoch = B.CreateLoad(I32, Field(State, offsetof(pykc_check_inline, epoch)));
  Value *Records = B.CreateLoad(P, Field(State, offsetof(pykc_check_inline, records)));
  Value *Rec = B.CreateInBoundsGEP(
      I8, Records, B.CreateMul(Off, B.getInt64(sizeof(pykc_check_shadow))), "check.rec");
  Value *Fresh = B.CreateAnd(
      B.CreateICmpEQ(B.CreateLoad(I32, Field(Rec, offsetof(pykc_check_shadow, gen))), Gen),
      B.CreateICmpEQ(B.CreateLoad(I32, Field(Rec, offsetof(pykc_check_shadow, epoch))), Epoch));
  Value *Written = B.CreateLoad(P, Field(State, offsetof(pykc_check_inline, written)));
  Value *Stamps = B.CreateInBoundsGEP(I32, Written, Off);
  for (uint32_t K = 0; K < Bytes; ++K)
    Fresh = B.CreateAnd(Fresh, B.CreateICmpEQ(B.CreateLoad(I32, B.CreateConstInBoundsGEP1_64(
                                                                 I32, Stamps, K)),
                                              Gen));
  // The thread's linear index in its block, as the runtime's.
  Value *T = B.getInt32(0);
  for (int D = 2; D >= 0; --D)
    T = B.CreateAdd(B.CreateMul(T, CPUTarget::loadDimension(B, TargetContext, 2, unsigned(D))),
                    CPUTarget::loadDimension(B, TargetContext, 0, unsigned(D)));
  Value *NoThread = B.getInt32(~0u);
  Value *WThread = B.CreateLoad(I32, Field(Rec, offsetof(pykc_check_shadow, w_thread)));
  Fresh = B.CreateAnd(Fresh, B.CreateOr(B.CreateICmpEQ(WThread, NoThread),
                                        B.CreateICmpEQ(WThread, T)));
  Require(Fresh, "check.record");
  Value *R0 = B.CreateLoad(I32, Field(Rec, offsetof(pykc_check_shadow, r_thread)));
  Value *Slot = B.CreateZExt(
      B.CreateNot(B.CreateOr(B.CreateICmpEQ(R0, T), B.CreateICmpEQ(R0, NoThread))), I64);
  auto SlotField = [&](size_t Offset, size_t Size) {
    return B.CreateInBoundsGEP(I8, Field(Rec, Offset), B.CreateMul(Slot, B.getInt64(Size)));
  };
  B.CreateStore(T, SlotField(offsetof(pykc_check_shadow, r_thread), sizeof(uint32_t)));
  B.CreateStore(B.getInt32(0), SlotField(offsetof(pykc_check_shadow, r_clock), sizeof(uint32_t)));
  B.CreateStore(Where, SlotField(offsetof(pykc_check_shadow, r_where), sizeof(void *)));
  B.CreateBr(Join);
  B.SetInsertPoint(Slow);
  B.CreateCall(Fn, Args);
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
}

} // namespace pykc::codegen
