//===- CPUBarrierFission.cpp ----------------------------------------------===//
#include "codegen/CPUBarrierFission.h"

#include "codegen/CPUTarget.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include <map>
#include <set>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

constexpr uint64_t MaxThreads = 1024;
/// A thread's state: the barrier it waits at (1..n), 0 before its first
/// round, Exited once it returned.
constexpr uint32_t Exited = ~0u;

bool isBarrier(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && CPUTarget::isBlockBarrier(Callee->getName());
}

/// Whether a function \p F calls, directly or through others, calls a
/// function of that chain again: then inlining never ends. Found before
/// inlining, as each round of it would double a function that calls itself
/// twice (fib). Iterative, linear in the calls.
bool reachesRecursion(Function &F) {
  enum class Mark { OnPath, Done };
  std::map<Function *, Mark> Marks;
  std::vector<std::pair<Function *, std::vector<Function *>>> Path;
  auto Callees = [](Function &Of) {
    std::vector<Function *> Out;
    for (Instruction &I : instructions(Of))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction(); Callee && !Callee->isDeclaration())
          Out.push_back(Callee);
    return Out;
  };
  Marks[&F] = Mark::OnPath;
  Path.push_back({&F, Callees(F)});
  while (!Path.empty()) {
    auto &[Fn, Pending] = Path.back();
    if (Pending.empty()) {
      Marks[Fn] = Mark::Done;
      Path.pop_back();
      continue;
    }
    Function *Next = Pending.back();
    Pending.pop_back();
    auto [It, New] = Marks.emplace(Next, Mark::OnPath);
    if (!New) {
      if (It->second == Mark::OnPath)
        return true;
      continue;
    }
    Path.push_back({Next, Callees(*Next)});
  }
  return false;
}

/// Inlines every call of \p F to a defined function, to a fixed point.
/// False when that does not end (recursion) or a call cannot be inlined.
bool inlineEverything(Function &F) {
  if (reachesRecursion(F))
    return false;
  for (unsigned Round = 0; Round < 64; ++Round) {
    std::vector<CallBase *> Calls;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction(); Callee && !Callee->isDeclaration())
          Calls.push_back(Call);
    if (Calls.empty())
      return true;
    for (CallBase *Call : Calls) {
      InlineFunctionInfo Info;
      if (!InlineFunction(*Call, Info).isSuccess())
        return false;
    }
    // A call tree that doubles at each level, without recursion, grows as
    // fast: past this size the kernel keeps its fibers instead.
    if (F.getInstructionCount() > (1u << 18))
      return false;
  }
  return false;
}

/// SROA and friends on \p F alone, so that the kernel's variables are SSA
/// values and only those live across a barrier get per-thread memory.
void promoteVariables(Function &F) {
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.run(F, FAM);
}

/// Where \p U needs its value: at its user, or for a phi at the end of the
/// block the value comes from.
Instruction *usePoint(Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U)->getTerminator();
  return User;
}

/// Whether the use at \p UseAt can be reached from the start of \p From
/// without passing the definition \p Def.
bool reachesUse(BasicBlock *From, Instruction *Def, Instruction *UseAt) {
  BasicBlock *DefBlock = Def->getParent(), *UseBlock = UseAt->getParent();
  std::vector<BasicBlock *> Work = {From};
  SmallPtrSet<BasicBlock *, 32> Seen = {From};
  while (!Work.empty()) {
    BasicBlock *B = Work.back();
    Work.pop_back();
    if (B == DefBlock) {
      // Entering the definition's block from its start: a use before the
      // definition in it is reached, anything after is not.
      if (B == UseBlock && UseAt->comesBefore(Def))
        return true;
      continue;
    }
    if (B == UseBlock)
      return true;
    for (BasicBlock *Next : successors(B))
      if (Seen.insert(Next).second)
        Work.push_back(Next);
  }
  return false;
}

/// Whether \p I is used where a barrier's continuation can reach without
/// passing its definition: then a thread's value must survive while the
/// other threads run, in a slot.
bool liveAcrossBarrier(Instruction &I, const std::vector<BasicBlock *> &Continuations) {
  for (Use &U : I.uses()) {
    Instruction *UseAt = usePoint(U);
    BasicBlock *UseBlock = UseAt->getParent();
    if (UseBlock == I.getParent() && I.comesBefore(UseAt))
      continue; // used right after its definition: no barrier between
    for (BasicBlock *C : Continuations)
      if (reachesUse(C, &I, UseAt))
        return true;
  }
  return false;
}

/// Whether \p V is the same for every thread of a block and can be
/// computed before any thread runs: a parameter, a constant, a field of
/// the context other than thread_idx, or pure arithmetic on such values.
bool isUniform(Value *V, const SmallPtrSetImpl<Instruction *> &Uniform, Argument *Ctx,
               bool ThreadIndexToo = false) {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Uniform.count(I))
    return I != nullptr;
  if (isa<PHINode>(I) || isa<AllocaInst>(I) || I->isTerminator())
    return false;
  if (auto *L = dyn_cast<LoadInst>(I)) {
    if (L->getMetadata(BlockUniformLoad) && !L->isVolatile())
      return isUniform(L->getPointerOperand(), Uniform, Ctx, ThreadIndexToo);
    // The runtime fills the context before the block and only thread_idx
    // (field 0) changes while it runs.
    auto *G = dyn_cast<GetElementPtrInst>(L->getPointerOperand());
    if (L->isVolatile() || !G || G->getPointerOperand() != Ctx || G->getNumIndices() < 2 ||
        !Uniform.count(G))
      return false;
    auto *Field = dyn_cast<ConstantInt>(G->getOperand(2));
    return Field && (ThreadIndexToo || !Field->isZero());
  }
  if (I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return false;
  for (Value *Op : I->operands())
    if (auto *OpI = dyn_cast<Instruction>(Op); OpI && !Uniform.count(OpI))
      return false;
  return true;
}

/// The instructions isUniform holds for, each after its operands.
std::vector<Instruction *> uniformInstructions(Function &F, Argument *Ctx,
                                               bool ThreadIndexToo = false) {
  std::vector<Instruction *> Order;
  SmallPtrSet<Instruction *, 32> Uniform;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : instructions(F))
      if (!Uniform.count(&I) && isUniform(&I, Uniform, Ctx, ThreadIndexToo)) {
        Uniform.insert(&I);
        Order.push_back(&I);
        Changed = true;
      }
  }
  return Order;
}

/// Computes \p I again just before \p At, with the operands that are
/// themselves in \p Again computed again too (\p Done: those already).
Value *recompute(Instruction *I, Instruction *At, const SmallPtrSetImpl<Instruction *> &Again,
                 DenseMap<Instruction *, Instruction *> &Done) {
  if (Instruction *D = Done.lookup(I))
    return D;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    if (auto *OpI = dyn_cast<Instruction>(Op.get()); OpI && Again.count(OpI))
      Op.set(recompute(OpI, At, Again, Done));
  Copy->insertBefore(At);
  Copy->setName(I->getName());
  return Done[I] = Copy;
}

/// Gives each use of \p Load a load of its own, just before it (at the end
/// of the incoming block for a phi), so no loaded value lives across a
/// barrier.
void reloadAtEachUse(LoadInst *Load) {
  for (Use &U : make_early_inc_range(Load->uses())) {
    Instruction *At = usePoint(U);
    auto *Again = new LoadInst(Load->getType(), Load->getPointerOperand(), Load->getName(),
                               Load->isVolatile(), Load->getAlign(), At->getIterator());
    U.set(Again);
  }
  Load->eraseFromParent();
}


/// Inlines \p F's calls and promotes its variables; its block barriers in
/// \p Barriers. False when it cannot be fissioned: a call that cannot be
/// inlined, another meeting point (warp operations and reducing barriers
/// keep their fibers), or no barrier.
bool prepareForFission(Function &F, std::vector<CallBase *> &Barriers) {
  if (!inlineEverything(F))
    return false;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      Function *Callee = Call->getCalledFunction();
      if (!Callee || isa<InlineAsm>(Call->getCalledOperand()))
        return false;
      if (!isBarrier(I) && CPUTarget::isMeetingPoint(Callee->getName()))
        return false;
    }
  promoteVariables(F);
  Barriers.clear();
  for (Instruction &I : instructions(F))
    if (isBarrier(I))
      Barriers.push_back(cast<CallBase>(&I));
  return !Barriers.empty();
}

/// Each barrier alone in its block (\p BarrierBlocks); the code after it
/// starts a region (\p Continuations).
void splitAtBarriers(const std::vector<CallBase *> &Barriers,
                     std::vector<BasicBlock *> &BarrierBlocks,
                     std::vector<BasicBlock *> &Continuations) {
  for (CallBase *Call : Barriers) {
    BasicBlock *At = Call->getParent();
    if (&At->front() != Call || isa<PHINode>(At->front()))
      At = At->splitBasicBlock(Call, "barrier");
    BarrierBlocks.push_back(At);
    Continuations.push_back(At->splitBasicBlock(Call->getNextNode(), "after.barrier"));
  }
}

/// The values a thread needs after a barrier that are not \p Uniform:
/// computed again where used when they come from the thread's indices and
/// uniform values alone (a load of thread_idx is as cheap as a reload, and
/// keeps its range), else moved to memory (plain values first, then phis,
/// as LLVM's reg2mem), which becomes a per-thread slot.
void keepLiveValues(Function &F, Argument *KernelCtx,
                    const std::vector<BasicBlock *> &Continuations,
                    const SmallPtrSetImpl<Instruction *> &Uniform) {
  std::vector<Instruction *> Cheap = uniformInstructions(F, KernelCtx, /*ThreadIndexToo=*/true);
  SmallPtrSet<Instruction *, 32> Again;
  for (Instruction *I : Cheap)
    if (!Uniform.count(I))
      Again.insert(I);
  for (auto It = Cheap.rbegin(); It != Cheap.rend(); ++It) {
    Instruction *I = *It;
    if (!Again.count(I) || !liveAcrossBarrier(*I, Continuations))
      continue;
    for (Use &U : make_early_inc_range(I->uses())) {
      DenseMap<Instruction *, Instruction *> Done;
      U.set(recompute(I, usePoint(U), Again, Done));
    }
  }
  std::vector<Instruction *> Live;
  std::vector<PHINode *> LivePhis;
  for (Instruction &I : instructions(F))
    if (!isa<AllocaInst>(I) && !I.getType()->isVoidTy() && !Uniform.count(&I) &&
        !Again.count(&I) && liveAcrossBarrier(I, Continuations)) {
      if (auto *Phi = dyn_cast<PHINode>(&I))
        LivePhis.push_back(Phi);
      else
        Live.push_back(&I);
    }
  for (Instruction *I : Live)
    DemoteRegToStack(*I);
  for (PHINode *Phi : LivePhis) {
    AllocaInst *Var = DemotePHIToStack(Phi);
    std::vector<LoadInst *> Reloads;
    for (User *U : Var->users())
      if (auto *L = dyn_cast<LoadInst>(U))
        Reloads.push_back(L);
    for (LoadInst *L : Reloads)
      reloadAtEachUse(L);
  }
}

/// \p F's variables in memory (\p Vars) and the bytes each takes a thread
/// (\p VarBytes, rounded up to its alignment). False when one is not a
/// fixed-size variable of the entry, or all of them with the thread's state
/// pass MaxFissionBytesPerThread.
bool perThreadVariables(Function &F, std::vector<AllocaInst *> &Vars,
                        std::vector<uint64_t> &VarBytes) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  uint64_t PerThread = 4; // the thread's state
  for (Instruction &I : instructions(F)) {
    auto *A = dyn_cast<AllocaInst>(&I);
    if (!A)
      continue;
    std::optional<TypeSize> Size = A->getAllocationSize(DL);
    if (!Size || Size->isScalable() || A->getParent() != &F.getEntryBlock())
      return false;
    VarBytes.push_back(alignTo(Size->getFixedValue(), A->getAlign().value()));
    PerThread += VarBytes.back();
    Vars.push_back(A);
  }
  return PerThread <= MaxFissionBytesPerThread;
}

/// One array a variable of \p Vars, of MaxThreads elements of \p VarBytes.
std::vector<AllocaInst *> threadArrays(IRBuilder<> &B, const std::vector<AllocaInst *> &Vars,
                                       const std::vector<uint64_t> &VarBytes) {
  std::vector<AllocaInst *> Arrays;
  for (unsigned V = 0; V < Vars.size(); ++V) {
    AllocaInst *A = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), VarBytes[V] * MaxThreads),
                                   nullptr, Vars[V]->getName() + ".threads");
    A->setAlignment(std::max(Vars[V]->getAlign(), Align(16)));
    Arrays.push_back(A);
  }
  return Arrays;
}

/// Each variable of \p Vars becomes thread \p Linear's element of its
/// array (the variables are erased).
void useThreadSlots(IRBuilder<> &B, const std::vector<AllocaInst *> &Vars,
                    const std::vector<uint64_t> &VarBytes,
                    const std::vector<AllocaInst *> &Arrays, Value *Linear) {
  for (unsigned V = 0; V < Vars.size(); ++V) {
    Value *At = B.CreateInBoundsGEP(B.getInt8Ty(), Arrays[V],
                                    B.CreateMul(Linear, B.getInt64(VarBytes[V])),
                                    Vars[V]->getName() + ".mine");
    for (User *U : make_early_inc_range(Vars[V]->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    Vars[V]->replaceAllUsesWith(At);
    Vars[V]->eraseFromParent();
  }
}

/// Loads of \p Block marked RoundUniformLoad whose address is \p Uniform:
/// one each, at the start of every \p Round, before any thread's turn.
void hoistRoundUniformLoads(Function &Block, BasicBlock *Round,
                            const SmallPtrSetImpl<Instruction *> &Uniform) {
  std::map<std::pair<Value *, Type *>, LoadInst *> Once;
  std::vector<LoadInst *> PerRound;
  for (Instruction &I : instructions(Block))
    if (auto *L = dyn_cast<LoadInst>(&I);
        L && L->getMetadata(RoundUniformLoad) && !L->isVolatile())
      PerRound.push_back(L);
  for (LoadInst *L : PerRound) {
    Value *Ptr = L->getPointerOperand();
    auto *PtrI = dyn_cast<Instruction>(Ptr);
    if (PtrI && !Uniform.count(PtrI))
      continue;
    LoadInst *&First = Once[{Ptr, L->getType()}];
    if (!First) {
      First = cast<LoadInst>(L->clone());
      First->insertBefore(Round->getTerminator());
    }
    L->replaceAllUsesWith(First);
    L->eraseFromParent();
  }
}

/// A barrier ends the thread's turn, remembering in \p State where it
/// waits (and that some thread does, in \p AnyWaits); a return (other
/// than \p Done's) ends the thread.
void endTurns(IRBuilder<> &B, Function &Block, const std::vector<BasicBlock *> &BarrierBlocks,
              Value *State, Value *AnyWaits, BasicBlock *TurnDone, BasicBlock *Done) {
  for (unsigned K = 0; K < BarrierBlocks.size(); ++K) {
    BasicBlock *At = BarrierBlocks[K];
    while (!At->empty())
      At->back().eraseFromParent();
    B.SetInsertPoint(At);
    B.CreateStore(B.getInt32(K + 1), State);
    B.CreateStore(B.getTrue(), AnyWaits);
    B.CreateBr(TurnDone);
  }
  std::vector<ReturnInst *> Returns;
  for (BasicBlock &BB : Block)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()); Ret && &BB != Done)
      Returns.push_back(Ret);
  for (ReturnInst *Ret : Returns) {
    B.SetInsertPoint(Ret);
    B.CreateStore(B.getInt32(Exited), State);
    B.CreateBr(TurnDone);
    Ret->eraseFromParent();
  }
}

} // namespace

FissionedKernel fissionAtBarriers(Module &M, Function &Kernel, bool Checked) {
  LLVMContext &C = M.getContext();
  ValueToValueMapTy VMap;
  Function *F = CloneFunction(&Kernel, VMap);
  F->setName(Kernel.getName() + ".fission");
  F->setLinkage(GlobalValue::InternalLinkage);
  auto GiveUp = [&] {
    F->eraseFromParent();
    return FissionedKernel{};
  };
  std::vector<CallBase *> Barriers;
  if (!prepareForFission(*F, Barriers))
    return GiveUp();
  std::vector<BasicBlock *> BarrierBlocks, Continuations;
  splitAtBarriers(Barriers, BarrierBlocks, Continuations);
  // What every thread computes alike is computed once, before the first
  // round; every other variable in memory becomes a per-thread slot.
  Argument *KernelCtx = F->getArg(F->arg_size() - 1);
  std::vector<Instruction *> Uniform = uniformInstructions(*F, KernelCtx);
  SmallPtrSet<Instruction *, 32> UniformSet(Uniform.begin(), Uniform.end());
  keepLiveValues(*F, KernelCtx, Continuations, UniformSet);
  std::vector<AllocaInst *> Vars;
  std::vector<uint64_t> VarBytes;
  if (!perThreadVariables(*F, Vars, VarBytes))
    return GiveUp();

  // The new function, with the kernel's parameters.
  std::vector<Type *> Params;
  for (Argument &A : F->args())
    Params.push_back(A.getType());
  auto *Block = Function::Create(FunctionType::get(Type::getVoidTy(C), Params, false),
                                 GlobalValue::InternalLinkage, Kernel.getName() + ".block", M);
  Block->setAttributes(AttributeList::get(C, F->getAttributes().getFnAttrs(), {}, {}));
  Block->addFnAttr(Attribute::AlwaysInline);
  for (unsigned I = 0; I < F->arg_size(); ++I) {
    Block->getArg(I)->setName(F->getArg(I)->getName());
    F->getArg(I)->replaceAllUsesWith(Block->getArg(I));
  }
  Value *Ctx = Block->getArg(F->arg_size() - 1);
  BasicBlock *OldEntry = &F->getEntryBlock();
  Block->splice(Block->end(), F); // the body, in order, entry first
  F->eraseFromParent();

  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  BasicBlock *Entry = BasicBlock::Create(C, "entry", Block, OldEntry);
  IRBuilder<> B(Entry);
  Type *Ptr = PointerType::get(C, 0);
  if (Checked) // the checker's state is the block's from here
    B.CreateCall(M.getOrInsertFunction("pykc_check_block_begin", B.getVoidTy(), Ptr), {Ctx});
  Value *AnyWaits = B.CreateAlloca(B.getInt1Ty(), nullptr, "any.waits");
  // One array a variable, [thread]: separate objects, so LLVM sees that
  // they do not alias. Static, so inlining the function into the blocks
  // entry's loop hoists them to its entry.
  Value *States = B.CreateAlloca(ArrayType::get(I32, MaxThreads), nullptr, "states");
  std::vector<AllocaInst *> Arrays = threadArrays(B, Vars, VarBytes);
  Value *Dims[3];
  for (unsigned D = 0; D < 3; ++D)
    Dims[D] = CPUTarget::loadDimension(B, Ctx, 2, D, "bdim");
  Value *Threads = B.CreateMul(B.CreateMul(Dims[0], Dims[1]), Dims[2]);
  B.CreateMemSet(States, B.getInt8(0), B.CreateMul(B.CreateZExt(Threads, I64), B.getInt64(4)),
                 MaybeAlign(4));
  BasicBlock *Round = BasicBlock::Create(C, "round", Block, OldEntry);
  B.CreateBr(Round);
  B.SetInsertPoint(Round);
  B.CreateStore(B.getFalse(), AnyWaits);

  // for z, for y, for x: the thread's turn, from where it stands.
  BasicBlock *TurnDone = BasicBlock::Create(C, "turn.done", Block);
  BasicBlock *Done = nullptr;
  Value *State = nullptr, *Linear = nullptr;
  {
    BasicBlock *Pre = Round;
    PHINode *Index[3];
    for (int D = 2; D >= 0; --D) {
      BasicBlock *Loop = BasicBlock::Create(C, std::string("thread") + "xyz"[D], Block, OldEntry);
      B.CreateBr(Loop);
      B.SetInsertPoint(Loop);
      Index[D] = B.CreatePHI(I32, 2);
      Index[D]->addIncoming(B.getInt32(0), Pre);
      B.CreateStore(Index[D], CPUTarget::dimensionField(B, Ctx, 0, unsigned(D)));
      Pre = Loop;
    }
    Linear = B.CreateZExt(
        B.CreateAdd(Index[0], B.CreateMul(Dims[0], B.CreateAdd(Index[1],
                                                                B.CreateMul(Dims[1], Index[2])))),
        I64, "thread");
    State = B.CreateInBoundsGEP(I32, States, Linear, "state");
    useThreadSlots(B, Vars, VarBytes, Arrays, Linear);
    SwitchInst *Where = B.CreateSwitch(B.CreateLoad(I32, State, "where"), TurnDone,
                                       unsigned(Continuations.size()) + 1);
    Where->addCase(B.getInt32(0), OldEntry);
    for (unsigned K = 0; K < Continuations.size(); ++K)
      Where->addCase(B.getInt32(K + 1), Continuations[K]);
    // The loops' latches, x innermost.
    B.SetInsertPoint(TurnDone);
    for (int D = 0; D < 3; ++D) {
      Value *Next = B.CreateAdd(Index[D], B.getInt32(1), "", true, true);
      Index[D]->addIncoming(Next, B.GetInsertBlock());
      BasicBlock *After = BasicBlock::Create(C, std::string("thread") + "xyz"[D] + ".end", Block);
      B.CreateCondBr(B.CreateICmpULT(Next, Dims[D]), Index[D]->getParent(), After);
      B.SetInsertPoint(After);
    }
    // The round is over: the barrier its threads wait at opens (as the
    // fiber scheduler tells the checker after each round).
    if (Checked)
      B.CreateCall(M.getOrInsertFunction("pykc_check_round", B.getVoidTy(), Ptr, Ptr),
                   {Ctx, States});
    // Another round while some thread waits at a barrier.
    Done = BasicBlock::Create(C, "done", Block);
    B.CreateCondBr(B.CreateLoad(B.getInt1Ty(), AnyWaits), Round, Done);
    B.SetInsertPoint(Done);
    B.CreateRetVoid();
  }

  for (Instruction *I : Uniform)
    I->moveBefore(Entry->getTerminator());
  hoistRoundUniformLoads(*Block, Round, UniformSet);
  endTurns(B, *Block, BarrierBlocks, State, AnyWaits, TurnDone, Done);
  return {Block};
}

} // namespace pykc::codegen
