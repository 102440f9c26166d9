//===- EmitCheckInline.cpp - --check's inline path for shared accesses ----===//
//
// Most shared accesses of a checked kernel are ones the checker can only
// record: the element was written (for a read), its record is of this
// block, and in this barrier interval no other thread wrote it (nor, for a
// write, read it). For an access of static shared memory the kernel updates
// the record itself, as BlockCheck::sharedAccess does in those cases
// (runtime/lib/CheckState.cpp), through the state the runtime keeps for it
// (pykc_check_inline, CpuABI.h), and calls pykc_check_access otherwise;
// reports are the runtime's as before.
//
// What stays the same for the whole block (the state's arrays, the block's
// stamp, the thread's index) is loaded once at the function's entry; only
// what a meeting point changes (the barrier interval, whether the inline
// path is on) is loaded at each access.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUBarrierFission.h"
#include "codegen/CPUTarget.h"
#include "codegen/Emitter.h"

#include <pykc/CpuABI.h>

#include <cstddef>

namespace pykc::codegen {

using namespace llvm;

namespace {

Value *field(IRBuilder<> &B, Value *Base, size_t Offset) {
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset);
}

} // namespace

FunctionEmitter::CheckInlineState &FunctionEmitter::checkInlineState() {
  if (CheckInline.State)
    return CheckInline;
  IRBuilder<> E(EntryBlock, EntryBlock->getFirstInsertionPt());
  Type *I32 = E.getInt32Ty(), *I64 = E.getInt64Ty(), *P = E.getPtrTy();
  StructType *CtxTy = CPUTarget::contextType(ME.Ctx);
  // The same for every thread of the block: a fissioned block loads them
  // once, not once a thread (CPUBarrierFission.h).
  MDNode *Uniform = MDNode::get(ME.Ctx, {});
  auto Load = [&](Type *Ty, Value *Ptr, const char *Name = "") {
    LoadInst *L = E.CreateLoad(Ty, Ptr, Name);
    L->setMetadata(BlockUniformLoad, Uniform);
    return L;
  };
  Value *Sched = E.CreateLoad(P, E.CreateStructGEP(CtxTy, TargetContext, 5), "check.sched");
  Value *State = Load(P, Sched, "check.state");
  CheckInline.State = State;
  CheckInline.Shared = Load(P, field(E, State, offsetof(pykc_check_inline, shared)));
  CheckInline.SharedBytes =
      Load(I64, field(E, State, offsetof(pykc_check_inline, shared_bytes)));
  CheckInline.Gen = Load(I32, field(E, State, offsetof(pykc_check_inline, gen)));
  CheckInline.Records = Load(P, field(E, State, offsetof(pykc_check_inline, records)));
  CheckInline.Written = Load(P, field(E, State, offsetof(pykc_check_inline, written)));
  // The thread's linear index in its block, as the runtime's.
  Value *T = E.getInt32(0);
  for (int D = 2; D >= 0; --D)
    T = E.CreateAdd(E.CreateMul(T, CPUTarget::loadDimension(E, TargetContext, 2, unsigned(D))),
                    CPUTarget::loadDimension(E, TargetContext, 0, unsigned(D)));
  CheckInline.Thread = T;
  return CheckInline;
}

void FunctionEmitter::checkSharedInline(Value *Ptr, uint32_t Bytes, unsigned Kind, Value *Where,
                                        FunctionCallee Fn, ArrayRef<Value *> Args) {
  CheckInlineState &S = checkInlineState();
  Function *Parent = B.GetInsertBlock()->getParent();
  BasicBlock *Slow = BasicBlock::Create(ME.Ctx, "check.slow", Parent);
  BasicBlock *Join = BasicBlock::Create(ME.Ctx, "check.done", Parent);
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  bool Read = Kind == PYKC_CHECK_READ;
  // Goes on in a new block when \p Cond holds, else to the call.
  auto Require = [&](Value *Cond, const char *Name) {
    BasicBlock *Next = BasicBlock::Create(ME.Ctx, Name, Parent, Slow);
    B.CreateCondBr(Cond, Next, Slow);
    B.SetInsertPoint(Next);
  };
  // What a meeting point changes: in a fissioned block, once a round.
  MDNode *PerRound = MDNode::get(ME.Ctx, {});
  auto RoundLoad = [&](size_t Offset) {
    LoadInst *L = B.CreateLoad(I32, field(B, S.State, Offset));
    L->setMetadata(RoundUniformLoad, PerRound);
    return L;
  };
  Value *On = RoundLoad(offsetof(pykc_check_inline, on));
  Value *Off = B.CreateSub(B.CreatePtrToInt(Ptr, I64), B.CreatePtrToInt(S.Shared, I64),
                           "check.off");
  // Off + Bytes <= Size, Off unsigned (below the base wraps to a large value).
  Require(B.CreateAnd(B.CreateAnd(B.CreateICmpNE(On, B.getInt32(0)),
                                  B.CreateICmpULT(Off, S.SharedBytes)),
                      B.CreateICmpULE(B.CreateAdd(Off, B.getInt64(Bytes)), S.SharedBytes)),
          "check.inrange");
  Value *Rec = B.CreateInBoundsGEP(B.getInt8Ty(), S.Records,
                                   B.CreateMul(Off, B.getInt64(sizeof(pykc_check_shadow))),
                                   "check.rec");
  auto RecField = [&](size_t Offset) { return field(B, Rec, Offset); };
  // The element's bytes' stamps, all at once: whether a thread of this
  // block wrote each (a read of one that none did is initcheck's).
  auto *StampsTy = FixedVectorType::get(I32, Bytes);
  Value *Stamps = B.CreateInBoundsGEP(I32, S.Written, Off);
  Value *GenSplat = B.CreateVectorSplat(Bytes, S.Gen);
  Value *Fresh = B.CreateICmpEQ(B.CreateLoad(I32, RecField(offsetof(pykc_check_shadow, gen))),
                                S.Gen);
  if (Read)
    Fresh = B.CreateAnd(Fresh, B.CreateAndReduce(B.CreateICmpEQ(
                                   B.CreateAlignedLoad(StampsTy, Stamps, Align(4)), GenSplat)));
  Require(Fresh, "check.fresh");
  Value *T = S.Thread, *NoThread = B.getInt32(~0u);
  auto NoneOrMe = [&](size_t Offset) {
    Value *Who = B.CreateLoad(I32, RecField(Offset));
    return B.CreateOr(B.CreateICmpEQ(Who, NoThread), B.CreateICmpEQ(Who, T));
  };
  auto Store32 = [&](size_t Offset, Value *V) { B.CreateStore(V, RecField(Offset)); };
  // This thread's write: no reader left, its stamps set.
  // (No clock is stored: with the inline path on, the block has no warp
  // clocks, so every record of it holds 0 already.)
  auto RecordWrite = [&] {
    Store32(offsetof(pykc_check_shadow, w_thread), T);
    B.CreateStore(Where, RecField(offsetof(pykc_check_shadow, w_where)));
    Store32(offsetof(pykc_check_shadow, r_thread), NoThread);
    Store32(offsetof(pykc_check_shadow, r_thread) + 4, NoThread);
    B.CreateAlignedStore(GenSplat, Stamps, Align(4));
  };
  // A record of an earlier barrier interval: everything in it is ordered
  // before this access, which starts the interval's record.
  Value *Epoch = RoundLoad(offsetof(pykc_check_inline, epoch));
  Value *Stale = B.CreateICmpNE(B.CreateLoad(I32, RecField(offsetof(pykc_check_shadow, epoch))),
                                Epoch);
  BasicBlock *Restart = BasicBlock::Create(ME.Ctx, "check.restart", Parent, Slow);
  BasicBlock *Same = BasicBlock::Create(ME.Ctx, "check.same", Parent, Slow);
  B.CreateCondBr(Stale, Restart, Same);
  B.SetInsertPoint(Restart);
  Store32(offsetof(pykc_check_shadow, epoch), Epoch);
  if (Read) {
    Store32(offsetof(pykc_check_shadow, w_thread), NoThread);
    Store32(offsetof(pykc_check_shadow, r_thread), T);
    B.CreateStore(Where, RecField(offsetof(pykc_check_shadow, r_where)));
    Store32(offsetof(pykc_check_shadow, r_thread) + 4, NoThread);
  } else {
    RecordWrite();
  }
  B.CreateBr(Join);
  B.SetInsertPoint(Same);
  if (Read) {
    // Written in this interval by this thread only. The interval's first
    // two readers are kept, as BlockCheck::recordRead keeps them; most
    // reads store nothing.
    Require(NoneOrMe(offsetof(pykc_check_shadow, w_thread)), "check.record");
    Value *R0 = B.CreateLoad(I32, RecField(offsetof(pykc_check_shadow, r_thread)));
    Value *R1 = B.CreateLoad(I32, RecField(offsetof(pykc_check_shadow, r_thread) + 4));
    Value *First = B.CreateICmpEQ(R0, NoThread);
    Value *Second = B.CreateAnd(B.CreateICmpNE(R0, T), B.CreateICmpEQ(R1, NoThread));
    BasicBlock *Keep = BasicBlock::Create(ME.Ctx, "check.keep", Parent, Slow);
    B.CreateCondBr(B.CreateOr(First, Second), Keep, Join);
    B.SetInsertPoint(Keep);
    Value *Slot = B.CreateZExt(B.CreateNot(First), I64);
    auto SlotField = [&](size_t Offset, size_t Size) {
      return B.CreateInBoundsGEP(B.getInt8Ty(), RecField(Offset),
                                 B.CreateMul(Slot, B.getInt64(Size)));
    };
    B.CreateStore(T, SlotField(offsetof(pykc_check_shadow, r_thread), sizeof(uint32_t)));
    B.CreateStore(Where, SlotField(offsetof(pykc_check_shadow, r_where), sizeof(void *)));
  } else {
    // Nothing of another thread in this interval: no hazard to report.
    Require(B.CreateAnd(B.CreateAnd(NoneOrMe(offsetof(pykc_check_shadow, w_thread)),
                                    NoneOrMe(offsetof(pykc_check_shadow, r_thread))),
                        NoneOrMe(offsetof(pykc_check_shadow, r_thread) + 4)),
            "check.record");
    RecordWrite();
  }
  B.CreateBr(Join);
  B.SetInsertPoint(Slow);
  B.CreateCall(Fn, Args);
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
}

} // namespace pykc::codegen
