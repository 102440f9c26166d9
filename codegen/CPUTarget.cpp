//===- CPUTarget.cpp ------------------------------------------------------===//
#include "codegen/CPUTarget.h"

#include "frontend/Diagnostic.h"
#include "ir/Builtins.h"
#include "support/InternalError.h"

#include <pykc/CpuABI.h>

#include <llvm/ADT/StringSet.h>
#include <llvm/IR/MDBuilder.h>

#include <algorithm>
#include <set>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// The CPU runtime function of the builtin \p Id: its Cpu column in
/// ir/Builtins.def.
const char *runtimeSymbol(ir::IntrinsicId Id) {
  const char *Symbol = ir::builtinTraits(Id).CpuRuntime;
  if (!Symbol)
    PYKC_ICE("a builtin without a CPU runtime function reached a runtime call");
  return Symbol;
}

} // namespace

StructType *CPUTarget::contextType(LLVMContext &C) {
  if (StructType *S = StructType::getTypeByName(C, "pykc.cpu_context"))
    return S;
  Type *Dim3 = ArrayType::get(Type::getInt32Ty(C), 3);
  Type *Ptr = PointerType::get(C, 0);
  // Field order of pykc_cpu_context in CpuABI.h.
  return StructType::create(C, {Dim3, Dim3, Dim3, Dim3, Ptr, Ptr, Ptr, Type::getInt64Ty(C)},
                            "pykc.cpu_context");
}

Value *CPUTarget::dimensionField(IRBuilder<> &B, Value *Context, unsigned Field, unsigned Dim) {
  return B.CreateInBoundsGEP(contextType(B.getContext()), Context,
                             {B.getInt32(0), B.getInt32(Field), B.getInt32(Dim)});
}

LoadInst *CPUTarget::loadDimension(IRBuilder<> &B, Value *Context, unsigned Field, unsigned Dim,
                                   const Twine &Name) {
  LoadInst *L = B.CreateLoad(B.getInt32Ty(), dimensionField(B, Context, Field, Dim), Name);
  // The runtime launches only within CUDA's limits (CpuABI.h), which LLVM
  // may then assume: thread and block indices are never negative once
  // widened, so Numba's negative-index wraparound folds away, and the
  // thread loop's trip count is small.
  // [low, high) of each field's x, y and z, from CUDA's limits.
  static const uint64_t Range[4][3][2] = {
      {{0, 1024}, {0, 1024}, {0, 64}},                   // thread_idx < block_dim
      {{0, 2147483647u}, {0, 65535}, {0, 65535}},        // block_idx < grid_dim
      {{1, 1025}, {1, 1025}, {1, 65}},                   // block_dim
      {{1, 2147483648u}, {1, 65536}, {1, 65536}},        // grid_dim
  };
  uint64_t Low = Range[Field][Dim][0], High = Range[Field][Dim][1];
  MDBuilder MDB(B.getContext());
  L->setMetadata(LLVMContext::MD_range, MDB.createRange(APInt(32, Low), APInt(32, High)));
  L->setMetadata(LLVMContext::MD_noundef, MDNode::get(B.getContext(), {}));
  return L;
}

Value *CPUTarget::specialRegister(IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                                  Value *Context) {
  auto Load = [&](unsigned Field, unsigned D) -> Value * {
    return loadDimension(B, Context, Field, D);
  };
  switch (Reg) {
  case ir::SpecialRegister::ThreadIdx: return Load(0, Dim);
  case ir::SpecialRegister::BlockIdx: return Load(1, Dim);
  case ir::SpecialRegister::BlockDim: return Load(2, Dim);
  case ir::SpecialRegister::GridDim: return Load(3, Dim);
  case ir::SpecialRegister::WarpSize: return B.getInt32(WarpSize);
  case ir::SpecialRegister::LaneId: {
    // As on a GPU: warps are consecutive runs of 32 threads of the block in
    // x-fastest order, so the lane is the linear thread index mod 32.
    Value *Linear = B.CreateAdd(
        Load(0, 0),
        B.CreateMul(B.CreateAdd(Load(0, 1), B.CreateMul(Load(0, 2), Load(2, 1))), Load(2, 0)));
    return B.CreateURem(Linear, B.getInt32(WarpSize));
  }
  }
  return nullptr;
}

void CPUTarget::barrier(IRBuilder<> &B, Value *Context) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Barrier = M.getOrInsertFunction(
      runtimeSymbol(ir::IntrinsicId::SyncThreads),
      FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  B.CreateCall(Barrier, {Context});
}

Value *CPUTarget::parallelFor(IRBuilder<> &B, Value *Trips, unsigned Threads, Function *Chunk,
                              Value *Env, Value *Partials, uint64_t PartialBytes) {
  Module &M = *B.GetInsertBlock()->getModule();
  Type *I64 = B.getInt64Ty(), *Ptr = B.getPtrTy();
  FunctionCallee Run = M.getOrInsertFunction(
      "pykc_cpu_parallel_for",
      FunctionType::get(I64, {I64, B.getInt32Ty(), Ptr, Ptr, Ptr, I64}, false));
  return B.CreateCall(Run, {Trips, B.getInt32(Threads), Chunk, Env,
                            Partials ? Partials : ConstantPointerNull::get(B.getPtrTy()),
                            B.getInt64(PartialBytes)});
}

Value *CPUTarget::hostStatus(IRBuilder<> &B, Value *Context) {
  StructType *CtxTy = contextType(B.getContext());
  return B.CreateLoad(B.getPtrTy(), B.CreateStructGEP(CtxTy, Context, 5), "host.status");
}

Value *CPUTarget::hostContext(IRBuilder<> &B, Value *Status) {
  Module &M = *B.GetInsertBlock()->getModule();
  StructType *CtxTy = contextType(M.getContext());
  Function *Fn = B.GetInsertBlock()->getParent();
  IRBuilder<> Entry(&Fn->getEntryBlock(), Fn->getEntryBlock().getFirstInsertionPt());
  Value *Ctx = Entry.CreateAlloca(CtxTy, nullptr, "host.ctx");
  B.CreateMemSet(Ctx, B.getInt8(0), M.getDataLayout().getTypeAllocSize(CtxTy), MaybeAlign(8));
  for (unsigned Field : {2u, 3u}) // blockDim and gridDim are (1, 1, 1)
    for (unsigned D = 0; D < 3; ++D)
      B.CreateStore(B.getInt32(1),
                    dimensionField(B, Ctx, Field, D));
  B.CreateStore(Status, B.CreateStructGEP(CtxTy, Ctx, 5));
  return Ctx;
}

void CPUTarget::gridSync(IRBuilder<> &B, Value *Context) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Sync = M.getOrInsertFunction(
      runtimeSymbol(ir::IntrinsicId::GridSync),
      FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  B.CreateCall(Sync, {Context});
}

namespace {

/// Every shared array is 16-byte aligned (EmitExpr.cpp's emitAlloc).
constexpr uint64_t SharedAlign = 16;

uint64_t alignShared(uint64_t N) { return (N + SharedAlign - 1) / SharedAlign * SharedAlign; }

/// The bytes \p F's own shared arrays take, each aligned.
uint64_t ownSharedBytes(const ir::Function &F) {
  uint64_t Bytes = 0;
  for (const auto &[Size, Where] : F.SharedArrays)
    Bytes = alignShared(Bytes) + Size;
  return alignShared(Bytes);
}

} // namespace

void CPUTarget::planSharedMemory(const ir::Module &IR) {
  uint64_t DeviceEnd = 0;
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Device) {
      SharedBase[F.get()] = DeviceEnd;
      DeviceEnd += ownSharedBytes(*F);
    }
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    // The end of the highest device-function array the kernel reaches.
    uint64_t Base = 0;
    std::vector<const ir::Function *> Work(F->Callees.begin(), F->Callees.end());
    std::set<const ir::Function *> Seen(Work.begin(), Work.end());
    while (!Work.empty()) {
      const ir::Function *D = Work.back();
      Work.pop_back();
      if (uint64_t Own = ownSharedBytes(*D))
        Base = std::max(Base, SharedBase[D] + Own);
      for (const ir::Function *Next : D->Callees)
        if (Seen.insert(Next).second)
          Work.push_back(Next);
    }
    SharedBase[F.get()] = Base;
    KernelSharedBytes[F.get()] = Base + ownSharedBytes(*F);
  }
}

uint64_t CPUTarget::sharedBytes(const ir::Function &Kernel) const {
  auto It = KernelSharedBytes.find(&Kernel);
  return It == KernelSharedBytes.end() ? 0 : It->second;
}

void CPUTarget::beginFunction(const ir::Function &F) {
  auto It = SharedBase.find(&F);
  Cursor = It == SharedBase.end() ? 0 : It->second;
  CursorEnd = Cursor + ownSharedBytes(F);
}

Value *CPUTarget::sharedArray(IRBuilder<> &B, Type *Ty, const std::string &Name, unsigned Align,
                              Value *Context) {
  const DataLayout &DL = B.GetInsertBlock()->getModule()->getDataLayout();
  uint64_t Offset = (Cursor + Align - 1) / Align * Align;
  Cursor = Offset + DL.getTypeAllocSize(Ty);
  if (Align > SharedAlign || Cursor > CursorEnd)
    PYKC_ICE("a CPU shared array lies outside its function's planned shared memory");
  StructType *Ctx = contextType(B.getContext());
  Value *Base = B.CreateLoad(B.getPtrTy(), B.CreateStructGEP(Ctx, Context, 4), Name + ".base");
  return B.CreateInBoundsGEP(B.getInt8Ty(), Base, B.getInt64(Offset), Name);
}

namespace {

FunctionCallee runtimeFunction(IRBuilder<> &B, const char *Name, Type *Result,
                               ArrayRef<Type *> Params) {
  Module &M = *B.GetInsertBlock()->getModule();
  return M.getOrInsertFunction(Name, FunctionType::get(Result, Params, false));
}

} // namespace

bool CPUTarget::isMeetingPoint(StringRef Name) {
  // The runtime functions of ir/Builtins.def's rows that meet other threads.
  static const StringSet<> MeetingPoints = [] {
    StringSet<> Names;
    for (ir::IntrinsicId Id : ir::AllIntrinsics)
      if (ir::BuiltinTraits T = ir::builtinTraits(Id); T.Sync != ir::SyncKind::None)
        Names.insert(T.CpuRuntime);
    return Names;
  }();
  return MeetingPoints.contains(Name);
}

bool CPUTarget::isBlockBarrier(StringRef Name) {
  return Name == runtimeSymbol(ir::IntrinsicId::SyncThreads);
}

Value *CPUTarget::warpShuffle(IRBuilder<> &B, ShuffleMode Mode, Value *Mask, Value *Val,
                              Value *Offset, Value *Context) {
  // The source lane, as PTX's shfl.sync computes it for width 32 (only the
  // offset's low 5 bits count; a lane without a source keeps its value).
  Value *Lane = specialRegister(B, ir::SpecialRegister::LaneId, 0, Context);
  Value *By = B.CreateAnd(Offset, B.getInt32(31));
  Value *Src = nullptr;
  switch (Mode) {
  case ShuffleMode::Idx:
    Src = By;
    break;
  case ShuffleMode::Up: {
    Value *J = B.CreateSub(Lane, By);
    Src = B.CreateSelect(B.CreateICmpSGE(J, B.getInt32(0)), J, Lane);
    break;
  }
  case ShuffleMode::Down: {
    Value *J = B.CreateAdd(Lane, By);
    Src = B.CreateSelect(B.CreateICmpSLE(J, B.getInt32(31)), J, Lane);
    break;
  }
  case ShuffleMode::Xor:
    Src = B.CreateXor(Lane, By);
    break;
  }
  FunctionCallee Fn = runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::ShflSync), B.getInt64Ty(),
                                      {B.getPtrTy(), B.getInt32Ty(), B.getInt64Ty(), B.getInt32Ty()});
  Type *Ty = Val->getType();
  Value *Bits = Ty->isIntegerTy(64) ? Val : B.CreateZExt(Val, B.getInt64Ty());
  Value *Got = B.CreateCall(Fn, {Context, Mask, Bits, Src});
  return Ty->isIntegerTy(64) ? Got : B.CreateTrunc(Got, Ty);
}

Value *CPUTarget::warpMatch(IRBuilder<> &B, bool All, Value *Mask, Value *V, Value *Context) {
  FunctionCallee Fn =
      runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::MatchAnySync), B.getInt64Ty(),
                      {B.getPtrTy(), B.getInt32Ty(), B.getInt64Ty()});
  Value *Both = B.CreateCall(Fn, {Context, Mask, B.CreateZExt(V, B.getInt64Ty())});
  Value *Same = B.CreateTrunc(Both, B.getInt32Ty());
  if (!All)
    return Same;
  Value *Lanes = B.CreateTrunc(B.CreateLShr(Both, 32), B.getInt32Ty());
  Value *Every = B.CreateICmpEQ(Same, Lanes);
  Type *Pair = StructType::get(B.getContext(), {B.getInt32Ty(), B.getInt1Ty()});
  Value *R = B.CreateInsertValue(PoisonValue::get(Pair),
                                 B.CreateSelect(Every, Lanes, B.getInt32(0)), 0);
  return B.CreateInsertValue(R, Every, 1);
}

Value *CPUTarget::warpVote(IRBuilder<> &B, VoteMode Mode, Value *Mask, Value *Predicate,
                           Value *Context) {
  FunctionCallee Fn = runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::BallotSync), B.getInt64Ty(),
                                      {B.getPtrTy(), B.getInt32Ty(), B.getInt32Ty()});
  Value *Both = B.CreateCall(Fn, {Context, Mask, B.CreateZExt(Predicate, B.getInt32Ty())});
  Value *Ballot = B.CreateTrunc(Both, B.getInt32Ty());
  Value *Voters = B.CreateTrunc(B.CreateLShr(Both, 32), B.getInt32Ty());
  switch (Mode) {
  case VoteMode::All:
    return B.CreateICmpEQ(Ballot, Voters);
  case VoteMode::Any:
    return B.CreateICmpNE(Ballot, B.getInt32(0));
  case VoteMode::Uni:
    return B.CreateOr(B.CreateICmpEQ(Ballot, B.getInt32(0)), B.CreateICmpEQ(Ballot, Voters));
  case VoteMode::Ballot:
    return Ballot;
  }
  return nullptr;
}

void CPUTarget::warpSync(IRBuilder<> &B, Value *Mask, Value *Context) {
  B.CreateCall(runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::SyncWarp), B.getVoidTy(),
                               {B.getPtrTy(), B.getInt32Ty()}),
               {Context, Mask});
}

Value *CPUTarget::activeMask(IRBuilder<> &B, Value *Context) {
  return B.CreateCall(runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::ActiveMask), B.getInt32Ty(),
                                      {B.getPtrTy()}),
                      {Context});
}

Value *CPUTarget::barrierReduce(IRBuilder<> &B, BarrierReduction Op, Value *Predicate,
                                Value *Context) {
  static const int Ops[] = {PYKC_CPU_REDUCE_COUNT, PYKC_CPU_REDUCE_AND, PYKC_CPU_REDUCE_OR};
  FunctionCallee Fn =
      runtimeFunction(B, runtimeSymbol(ir::IntrinsicId::SyncThreadsCount), B.getInt32Ty(),
                      {B.getPtrTy(), B.getInt32Ty(), B.getInt32Ty()});
  return B.CreateCall(Fn, {Context, B.getInt32(Ops[unsigned(Op)]), Predicate});
}

void CPUTarget::fence(IRBuilder<> &B, FenceScope) {
  // The CPU's threads are the worker threads: one fence orders for all.
  B.CreateFence(AtomicOrdering::SequentiallyConsistent);
}

std::pair<Value *, Value *> CPUTarget::dynamicSharedMemory(IRBuilder<> &B, Type *, uint64_t,
                                                           Value *Context) {
  // The runtime puts it after the kernel's static shared memory, 16-byte
  // aligned (CpuABI.h); a device function cannot know that offset, so it is
  // read from the context.
  StructType *Ctx = contextType(B.getContext());
  Value *Data = B.CreateLoad(B.getPtrTy(), B.CreateStructGEP(Ctx, Context, 6), "dynshared");
  Value *Bytes = B.CreateLoad(B.getInt64Ty(), B.CreateStructGEP(Ctx, Context, 7), "dynshared.bytes");
  return {Data, Bytes};
}

void CPUTarget::print(IRBuilder<> &B, Value *Format, ArrayRef<Value *> Args) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Printf =
      M.getOrInsertFunction("printf", FunctionType::get(B.getInt32Ty(), {B.getPtrTy()}, true));
  std::vector<Value *> Call = {Format};
  Call.insert(Call.end(), Args.begin(), Args.end());
  B.CreateCall(Printf, Call);
}

namespace {

/// A call of the runtime's void \p Name with the context, then \p Args.
void reportToRuntime(IRBuilder<> &B, const char *Name, ArrayRef<Value *> Args, Value *Context) {
  std::vector<Value *> Call = {Context};
  Call.insert(Call.end(), Args.begin(), Args.end());
  std::vector<Type *> Params;
  for (Value *V : Call)
    Params.push_back(V->getType());
  B.CreateCall(runtimeFunction(B, Name, B.getVoidTy(), Params), Call);
}

} // namespace

void CPUTarget::boundsError(IRBuilder<> &B, ArrayRef<Value *> Args, Value *Context) {
  reportToRuntime(B, "pykc_cpu_bounds_error", Args, Context);
}

void CPUTarget::noneError(IRBuilder<> &B, ArrayRef<Value *> Args, Value *Context) {
  reportToRuntime(B, "pykc_cpu_none_error", Args, Context);
}

std::string CPUTarget::mathSymbol(const std::string &Name, Type *FloatTy) const {
  return Name + (FloatTy->isFloatTy() ? "f" : "");
}

} // namespace pykc::codegen
