//===- EmitWarp.cpp - Warp and block operations ---------------------------===//
//
// The Emit() lowerings of ir/Builtins.def's warp rows (shuffles, votes,
// syncwarp, activemask, lanemask_lt) and block rows (syncthreads_count/
// and/or, threadfence*); each row names its variant (the shuffle's mode,
// the vote, the reduction, the fence's scope). Typing converted every
// argument to Numba's case (int32 mask, bool predicate, ...); the target
// does the rest: NVVM intrinsics on the GPU, the runtime's meeting points on
// the CPU.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"

namespace pykc::codegen {

using namespace llvm;

Value *FunctionEmitter::emitSyncWarp(const ir::IntrinsicExpr &E) {
  // syncwarp() waits for the whole warp, as Numba's default mask says.
  Value *Mask = E.Args.empty() ? B.getInt32(-1) : emitExpr(*E.Args[0]);
  checkSite(E);
  ME.Target.warpSync(B, Mask, TargetContext);
  return nullptr;
}

Value *FunctionEmitter::emitShuffle(const ir::IntrinsicExpr &E, ShuffleMode Mode) {
  // Floats travel as their bits, as in Numba.
  Value *Mask = emitExpr(*E.Args[0]);
  Value *V = emitExpr(*E.Args[1]);
  Value *Offset = emitExpr(*E.Args[2]);
  Type *Ty = V->getType();
  Type *Bits = B.getIntNTy(Ty->getPrimitiveSizeInBits());
  checkSite(E);
  Value *Got =
      ME.Target.warpShuffle(B, Mode, Mask, B.CreateBitCast(V, Bits), Offset, TargetContext);
  return B.CreateBitCast(Got, Ty);
}

Value *FunctionEmitter::emitMatch(const ir::IntrinsicExpr &E, bool All) {
  // Floats are compared as their bits, as in Numba.
  Value *Mask = emitExpr(*E.Args[0]);
  Value *V = emitExpr(*E.Args[1]);
  V = B.CreateBitCast(V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
  checkSite(E);
  return ME.Target.warpMatch(B, All, Mask, V, TargetContext);
}

Value *FunctionEmitter::emitVote(const ir::IntrinsicExpr &E, VoteMode Mode) {
  Value *Mask = emitExpr(*E.Args[0]);
  Value *Predicate = emitExpr(*E.Args[1]);
  checkSite(E);
  return ME.Target.warpVote(B, Mode, Mask, Predicate, TargetContext);
}

Value *FunctionEmitter::emitActiveMask(const ir::IntrinsicExpr &) {
  return ME.Target.activeMask(B, TargetContext);
}

Value *FunctionEmitter::emitLanemaskLt(const ir::IntrinsicExpr &) {
  // The lanes below the caller's: (1 << laneid) - 1, on every target.
  Value *Lane = ME.Target.specialRegister(B, ir::SpecialRegister::LaneId, 0, TargetContext);
  return B.CreateSub(B.CreateShl(B.getInt32(1), Lane), B.getInt32(1));
}

Value *FunctionEmitter::emitBarrierReduce(const ir::IntrinsicExpr &E, BarrierReduction Op) {
  Value *Predicate = emitExpr(*E.Args[0]);
  checkSite(E);
  return ME.Target.barrierReduce(B, Op, Predicate, TargetContext);
}

Value *FunctionEmitter::emitFence(const ir::IntrinsicExpr &, FenceScope Scope) {
  ME.Target.fence(B, Scope);
  if (Scope != FenceScope::Block)
    checkFence(); // orders this thread's accesses for other blocks' atomics
  return nullptr;
}

} // namespace pykc::codegen
