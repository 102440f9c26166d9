//===- NVPTXTarget.cpp ----------------------------------------------------===//
#include "codegen/NVPTXTarget.h"

#include <pykc/KernelABI.h>

#include <cstddef>

#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Metadata.h>

namespace pykc::codegen {

using namespace llvm;

std::string NVPTXTarget::dataLayout() const {
  return "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";
}

Value *NVPTXTarget::specialRegister(IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                                     Value *) {
  static const Intrinsic::ID Tid[] = {Intrinsic::nvvm_read_ptx_sreg_tid_x,
                                      Intrinsic::nvvm_read_ptx_sreg_tid_y,
                                      Intrinsic::nvvm_read_ptx_sreg_tid_z};
  static const Intrinsic::ID Ntid[] = {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                                       Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                                       Intrinsic::nvvm_read_ptx_sreg_ntid_z};
  static const Intrinsic::ID Ctaid[] = {Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                                        Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                                        Intrinsic::nvvm_read_ptx_sreg_ctaid_z};
  static const Intrinsic::ID Nctaid[] = {Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
                                         Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
                                         Intrinsic::nvvm_read_ptx_sreg_nctaid_z};
  Intrinsic::ID Id = Intrinsic::not_intrinsic;
  switch (Reg) {
  case ir::SpecialRegister::ThreadIdx: Id = Tid[Dim]; break;
  case ir::SpecialRegister::BlockDim: Id = Ntid[Dim]; break;
  case ir::SpecialRegister::BlockIdx: Id = Ctaid[Dim]; break;
  case ir::SpecialRegister::GridDim: Id = Nctaid[Dim]; break;
  case ir::SpecialRegister::WarpSize: Id = Intrinsic::nvvm_read_ptx_sreg_warpsize; break;
  case ir::SpecialRegister::LaneId: Id = Intrinsic::nvvm_read_ptx_sreg_laneid; break;
  }
  return B.CreateIntrinsic(Id, {}, {});
}

namespace {
/// `barrier.sync 0`, not `bar.sync 0`: bar.sync is barrier.sync.aligned,
/// which requires every thread of the block to execute the same barrier
/// instruction. A barrier may be reached by only some threads (under a
/// thread-dependent condition, see ir/BarrierCheck.h), which sm_70+ GPUs
/// support with the unaligned form only.
void blockBarrier(IRBuilder<> &B) {
  B.CreateIntrinsic(Intrinsic::nvvm_barrier_sync, {}, {B.getInt32(0)});
}
} // namespace

void NVPTXTarget::barrier(IRBuilder<> &B, Value *) { blockBarrier(B); }

void NVPTXTarget::gridSync(IRBuilder<> &B, Value *) {
  // One arrival counter in global memory per module, zero when loaded.
  // Thread 0 of each block adds 1, except block 0's, which adds
  // 0x80000000 - (blocks - 1): once every block has arrived the counter has
  // grown by exactly 0x80000000, so its top bit flips and its low bits are
  // as before, ready for the next barrier. Each block waits for the flip
  // from the value it saw when it arrived; no block can flip it back before
  // all have seen it, as that needs every block's next arrival.
  Module &M = *B.GetInsertBlock()->getModule();
  Function *Fn = B.GetInsertBlock()->getParent();
  Type *I32 = B.getInt32Ty();
  const char *Name = "__pykc_grid_barrier";
  GlobalVariable *Counter = M.getNamedGlobal(Name);
  if (!Counter)
    Counter = new GlobalVariable(M, I32, false, GlobalValue::InternalLinkage,
                                 ConstantInt::get(I32, 0), Name, nullptr,
                                 GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
  auto Reg = [&](ir::SpecialRegister R, unsigned D) { return specialRegister(B, R, D, nullptr); };
  auto AllZero = [&](ir::SpecialRegister R) {
    return B.CreateICmpEQ(B.CreateOr(B.CreateOr(Reg(R, 0), Reg(R, 1)), Reg(R, 2)),
                          B.getInt32(0));
  };
  blockBarrier(B);
  BasicBlock *Arrive = BasicBlock::Create(M.getContext(), "grid.arrive", Fn);
  BasicBlock *Spin = BasicBlock::Create(M.getContext(), "grid.spin", Fn);
  BasicBlock *Leave = BasicBlock::Create(M.getContext(), "grid.leave", Fn);
  BasicBlock *Done = BasicBlock::Create(M.getContext(), "grid.done", Fn);
  B.CreateCondBr(AllZero(ir::SpecialRegister::ThreadIdx), Arrive, Done);

  B.SetInsertPoint(Arrive);
  Value *Blocks = B.CreateMul(B.CreateMul(Reg(ir::SpecialRegister::GridDim, 0),
                                          Reg(ir::SpecialRegister::GridDim, 1)),
                              Reg(ir::SpecialRegister::GridDim, 2));
  Value *Add = B.CreateSelect(AllZero(ir::SpecialRegister::BlockIdx),
                              B.CreateSub(B.getInt32(0x80000001u), Blocks), B.getInt32(1));
  B.CreateIntrinsic(Intrinsic::nvvm_membar_gl, {}, {}); // the block's writes first
  Value *Old = B.CreateAtomicRMW(AtomicRMWInst::Add, Counter, Add, MaybeAlign(4),
                                 AtomicOrdering::Monotonic);
  B.CreateBr(Spin);

  B.SetInsertPoint(Spin);
  LoadInst *Now = B.CreateLoad(I32, Counter, "grid.counter");
  Now->setVolatile(true);
  Value *Flipped = B.CreateICmpNE(B.CreateAnd(B.CreateXor(Old, Now), B.getInt32(0x80000000u)),
                                  B.getInt32(0));
  B.CreateCondBr(Flipped, Leave, Spin);

  B.SetInsertPoint(Leave);
  B.CreateIntrinsic(Intrinsic::nvvm_membar_gl, {}, {}); // then the others' writes
  B.CreateBr(Done);

  B.SetInsertPoint(Done);
  blockBarrier(B);
}

Value *NVPTXTarget::sharedArray(IRBuilder<> &B, Type *Ty, const std::string &Name,
                                unsigned Align, Value *) {
  Module &M = *B.GetInsertBlock()->getModule();
  auto *G = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
                               UndefValue::get(Ty), Name, nullptr,
                               GlobalValue::NotThreadLocal, SharedAddressSpace);
  G->setAlignment(llvm::Align(Align));
  return B.CreateAddrSpaceCast(G, PointerType::get(M.getContext(), 0));
}

Value *NVPTXTarget::warpShuffle(IRBuilder<> &B, ShuffleMode Mode, Value *Mask, Value *Bits,
                                Value *Offset, Value *) {
  // As Numba: shfl.sync on 32 bits, with its clamp operand (0 for up, 0x1f
  // otherwise); 64-bit values as two shuffles of their halves.
  static const Intrinsic::ID Ids[] = {
      Intrinsic::nvvm_shfl_sync_idx_i32, Intrinsic::nvvm_shfl_sync_up_i32,
      Intrinsic::nvvm_shfl_sync_down_i32, Intrinsic::nvvm_shfl_sync_bfly_i32};
  Intrinsic::ID Id = Ids[unsigned(Mode)];
  Value *Clamp = B.getInt32(Mode == ShuffleMode::Up ? 0 : 0x1f);
  auto Shuffle32 = [&](Value *V) {
    return B.CreateIntrinsic(Id, {}, {Mask, V, Offset, Clamp});
  };
  if (Bits->getType()->isIntegerTy(32))
    return Shuffle32(Bits);
  Value *Lo = Shuffle32(B.CreateTrunc(Bits, B.getInt32Ty()));
  Value *Hi = Shuffle32(B.CreateTrunc(B.CreateLShr(Bits, 32), B.getInt32Ty()));
  return B.CreateOr(B.CreateShl(B.CreateZExt(Hi, B.getInt64Ty()), 32),
                    B.CreateZExt(Lo, B.getInt64Ty()));
}

Value *NVPTXTarget::warpMatch(IRBuilder<> &B, bool All, Value *Mask, Value *V, Value *) {
  bool Wide = V->getType()->isIntegerTy(64);
  Intrinsic::ID Id = All ? (Wide ? Intrinsic::nvvm_match_all_sync_i64p
                                 : Intrinsic::nvvm_match_all_sync_i32p)
                         : (Wide ? Intrinsic::nvvm_match_any_sync_i64
                                 : Intrinsic::nvvm_match_any_sync_i32);
  return B.CreateIntrinsic(Id, {}, {Mask, V});
}

Value *NVPTXTarget::warpVote(IRBuilder<> &B, VoteMode Mode, Value *Mask, Value *Predicate,
                             Value *) {
  static const Intrinsic::ID Ids[] = {Intrinsic::nvvm_vote_all_sync, Intrinsic::nvvm_vote_any_sync,
                                      Intrinsic::nvvm_vote_uni_sync,
                                      Intrinsic::nvvm_vote_ballot_sync};
  return B.CreateIntrinsic(Ids[unsigned(Mode)], {}, {Mask, Predicate});
}

void NVPTXTarget::warpSync(IRBuilder<> &B, Value *Mask, Value *) {
  B.CreateIntrinsic(Intrinsic::nvvm_bar_warp_sync, {}, {Mask});
}

Value *NVPTXTarget::activeMask(IRBuilder<> &B, Value *) {
  // As Numba: PTX's activemask, which has no NVVM intrinsic.
  auto *Asm = InlineAsm::get(FunctionType::get(B.getInt32Ty(), false), "activemask.b32 $0;",
                             "=r", /*hasSideEffects=*/true);
  return B.CreateCall(Asm);
}

Value *NVPTXTarget::barrierReduce(IRBuilder<> &B, BarrierReduction Op, Value *Predicate,
                                  Value *) {
  // barrier.red, unaligned as blockBarrier; NVVM's barrier0.popc/and/or
  // intrinsics print the aligned bar.red, and none prints barrier.red.
  static const char *const Asm[] = {
      "{\n\t.reg .pred %p;\n\tsetp.ne.u32 %p, $1, 0;\n\t"
      "barrier.red.popc.u32 $0, 0, %p;\n\t}",
      "{\n\t.reg .pred %p, %q;\n\tsetp.ne.u32 %p, $1, 0;\n\t"
      "barrier.red.and.pred %q, 0, %p;\n\tselp.u32 $0, 1, 0, %q;\n\t}",
      "{\n\t.reg .pred %p, %q;\n\tsetp.ne.u32 %p, $1, 0;\n\t"
      "barrier.red.or.pred %q, 0, %p;\n\tselp.u32 $0, 1, 0, %q;\n\t}"};
  Type *I32 = B.getInt32Ty();
  auto *Fn = InlineAsm::get(FunctionType::get(I32, {I32}, false), Asm[unsigned(Op)], "=r,r",
                            /*hasSideEffects=*/true);
  CallInst *Call = B.CreateCall(Fn, {Predicate});
  Call->addFnAttr(Attribute::Convergent);
  return Call;
}

void NVPTXTarget::fence(IRBuilder<> &B, FenceScope Scope) {
  static const Intrinsic::ID Ids[] = {Intrinsic::nvvm_membar_cta, Intrinsic::nvvm_membar_gl,
                                      Intrinsic::nvvm_membar_sys};
  B.CreateIntrinsic(Ids[unsigned(Scope)], {}, {});
}

std::pair<Value *, Value *> NVPTXTarget::dynamicSharedMemory(IRBuilder<> &B, Type *EltTy,
                                                             uint64_t Align, Value *) {
  // One `.extern .shared` array for the module: every dynamic array starts
  // at the dynamic shared memory's first byte, as in CUDA C++.
  Module &M = *B.GetInsertBlock()->getModule();
  const char *Name = "pykc_dynamic_shared";
  auto *G = M.getNamedGlobal(Name);
  if (!G) {
    Type *Ty = ArrayType::get(B.getInt8Ty(), 0);
    G = new GlobalVariable(M, Ty, false, GlobalValue::ExternalLinkage, nullptr, Name, nullptr,
                           GlobalValue::NotThreadLocal, SharedAddressSpace);
    G->setAlignment(llvm::Align(16));
  }
  if (G->getAlign().valueOrOne().value() < Align)
    G->setAlignment(llvm::Align(Align));
  Value *Data = B.CreateAddrSpaceCast(G, PointerType::get(M.getContext(), 0));
  // %dynamic_smem_size has no NVVM intrinsic; Numba reads it the same way.
  auto *Asm = InlineAsm::get(FunctionType::get(B.getInt32Ty(), false),
                             "mov.u32 $0, %dynamic_smem_size;", "=r", /*hasSideEffects=*/true);
  return {Data, B.CreateZExt(B.CreateCall(Asm), B.getInt64Ty())};
}

void NVPTXTarget::markKernel(Function &F, const ir::Function &Kernel) {
  LLVMContext &C = F.getContext();
  NamedMDNode *Annotations = F.getParent()->getOrInsertNamedMetadata("nvvm.annotations");
  auto Annotate = [&](const char *Key, unsigned Value) {
    Metadata *MD[] = {ValueAsMetadata::get(&F), MDString::get(C, Key),
                      ValueAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), Value))};
    Annotations->addOperand(MDNode::get(C, MD));
  };
  Annotate("kernel", 1);
  if (Kernel.MaxRegisters) // PTX's .maxnreg on this entry alone
    Annotate("maxnreg", Kernel.MaxRegisters);
}

void NVPTXTarget::print(IRBuilder<> &B, Value *Format, ArrayRef<Value *> Args) {
  // vprintf takes the values packed in a struct, as printf would lay them out.
  Module &M = *B.GetInsertBlock()->getModule();
  Value *Buffer = ConstantPointerNull::get(B.getPtrTy());
  if (!Args.empty()) {
    std::vector<Type *> Fields;
    for (Value *V : Args)
      Fields.push_back(V->getType());
    StructType *Packed = StructType::get(M.getContext(), Fields);
    Function *Fn = B.GetInsertBlock()->getParent();
    IRBuilder<> Entry(&Fn->getEntryBlock(), Fn->getEntryBlock().begin());
    AllocaInst *A = Entry.CreateAlloca(Packed, nullptr, "print.args");
    for (unsigned I = 0; I < Args.size(); ++I)
      B.CreateStore(Args[I], B.CreateStructGEP(Packed, A, I));
    Buffer = A;
  }
  FunctionCallee Printf = M.getOrInsertFunction(
      "vprintf", FunctionType::get(B.getInt32Ty(), {B.getPtrTy(), B.getPtrTy()}, false));
  B.CreateCall(Printf, {Format, Buffer});
}

void NVPTXTarget::recordBoundsError(IRBuilder<> &B, ArrayRef<Value *> Args) {
  // KernelABI.h's pykc_bounds_record, in host memory the runtime maps and
  // points PYKC_BOUNDS_RECORD_SYMBOL at (null if it did not: then only the
  // printf tells). One function per module fills it; each checked access
  // only calls it.
  Module &M = *B.GetInsertBlock()->getModule();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  std::vector<Type *> Params = {Ptr};
  for (Value *A : Args.drop_front())
    Params.push_back(A->getType());
  Function *Record = M.getFunction("pykc.bounds.record");
  if (!Record) {
    Record = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), Params, false),
                              GlobalValue::InternalLinkage, "pykc.bounds.record", M);
    Record->addFnAttr(Attribute::NoInline); // cold: once per module, not per access
    Record->addFnAttr(Attribute::NoUnwind);
    emitBoundsRecorder(*Record);
  }
  B.CreateCall(Record, std::vector<Value *>(Args.begin(), Args.end()));
}

void NVPTXTarget::emitBoundsRecorder(Function &F) {
  // The first thread to claim the record (state 0 -> 1) fills it, fences
  // at system scope, then marks it complete (2).
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  auto *G = new GlobalVariable(M, Ptr, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                               ConstantPointerNull::get(cast<PointerType>(Ptr)),
                               PYKC_BOUNDS_RECORD_SYMBOL, nullptr, GlobalValue::NotThreadLocal,
                               globalAddressSpace());
  G->setExternallyInitialized(true);
  G->setAlignment(Align(8));
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  BasicBlock *Claim = BasicBlock::Create(Ctx, "claim", &F);
  BasicBlock *Fill = BasicBlock::Create(Ctx, "fill", &F);
  BasicBlock *Copy = BasicBlock::Create(Ctx, "copy", &F);
  BasicBlock *Seal = BasicBlock::Create(Ctx, "seal", &F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", &F);
  LoadInst *Record = B.CreateLoad(Ptr, G, "record");
  Record->setVolatile(true);
  B.CreateCondBr(B.CreateIsNotNull(Record), Claim, Done);
  B.SetInsertPoint(Claim);
  auto *Won = B.CreateAtomicCmpXchg(Record, B.getInt32(0), B.getInt32(1), MaybeAlign(4),
                                    AtomicOrdering::Monotonic, AtomicOrdering::Monotonic);
  B.CreateCondBr(B.CreateExtractValue(Won, {1u}), Fill, Done);
  B.SetInsertPoint(Fill);
  auto At = [&](uint64_t Offset, Value *Index = nullptr) {
    Value *P = B.CreateInBoundsGEP(B.getInt8Ty(), Record, B.getInt64(Offset));
    return Index ? B.CreateInBoundsGEP(B.getInt8Ty(), P, Index) : P;
  };
  auto Store = [&](Value *V, Value *P) { B.CreateStore(V, P)->setVolatile(true); };
  Argument *Where = F.getArg(0);
  Store(F.getArg(1), At(offsetof(pykc_bounds_record, axis)));
  Store(F.getArg(2), At(offsetof(pykc_bounds_record, index)));
  Store(F.getArg(3), At(offsetof(pykc_bounds_record, extent)));
  for (unsigned K = 0; K < 3; ++K) {
    Store(F.getArg(4 + K), At(offsetof(pykc_bounds_record, thread) + 4 * K));
    Store(F.getArg(7 + K), At(offsetof(pykc_bounds_record, block) + 4 * K));
  }
  B.CreateBr(Copy);
  // The place's bytes up to its NUL, cut to fit, then a NUL.
  B.SetInsertPoint(Copy);
  PHINode *I = B.CreatePHI(B.getInt64Ty(), 2);
  I->addIncoming(B.getInt64(0), Fill);
  Value *C = B.CreateLoad(B.getInt8Ty(), B.CreateInBoundsGEP(B.getInt8Ty(), Where, I));
  Value *Last = B.CreateICmpEQ(I, B.getInt64(PYKC_BOUNDS_WHERE_BYTES - 1));
  Value *End = B.CreateOr(B.CreateICmpEQ(C, B.getInt8(0)), Last);
  Store(B.CreateSelect(End, B.getInt8(0), C), At(offsetof(pykc_bounds_record, where), I));
  I->addIncoming(B.CreateAdd(I, B.getInt64(1)), Copy);
  B.CreateCondBr(End, Seal, Copy);
  B.SetInsertPoint(Seal);
  B.CreateIntrinsic(Intrinsic::nvvm_membar_sys, {}, {}); // the host sees it all
  Store(B.getInt32(2), At(offsetof(pykc_bounds_record, state)));
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
}

void NVPTXTarget::noneError(IRBuilder<> &B, ArrayRef<Value *>, Value *) {
  // Numba-CUDA without debug=True: the exception ends the thread and the
  // launch reports nothing. PTX's exit ends this thread only; barriers
  // after it no longer wait for it (sm_70 and later).
  FunctionType *Ty = FunctionType::get(B.getVoidTy(), false);
  B.CreateCall(InlineAsm::get(Ty, "exit;", "", /*hasSideEffects=*/true));
}

void NVPTXTarget::boundsError(IRBuilder<> &B, ArrayRef<Value *> Args, Value *) {
  // The runtime's record first (it survives the trap), then printf through
  // the driver's vprintf (the message reaches the program's stdout when the
  // launch is synchronised, if it does), then trap: the launch fails and
  // the runtime reports the record.
  recordBoundsError(B, Args);
  Value *Format = B.CreateGlobalStringPtr(
      "pykc: %s: index %lld is out of bounds for axis %u with size %lld in thread "
      "(%u, %u, %u) of block (%u, %u, %u) (--boundscheck)\n",
      "pykc.bounds.format", 0, B.GetInsertBlock()->getModule());
  print(B, Format, Args);
  B.CreateIntrinsic(Intrinsic::trap, {}, {});
}

std::string NVPTXTarget::mathSymbol(const std::string &Name, Type *FloatTy) const {
  return "__nv_" + Name + (FloatTy->isFloatTy() ? "f" : "");
}

} // namespace pykc::codegen
