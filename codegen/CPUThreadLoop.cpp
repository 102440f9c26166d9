//===- CPUThreadLoop.cpp --------------------------------------------------===//
#include "codegen/CPUThreadLoop.h"

#include "codegen/CPUGridFusion.h"
#include "codegen/CPUTarget.h"

#include <llvm/Transforms/Utils/Cloning.h>

#include <functional>

namespace pykc::codegen {

using namespace llvm;

std::vector<Value *> loadKernelArguments(IRBuilder<> &B, Value *Args,
                                         Function &Kernel) {
  Type *Ptr = B.getPtrTy();
  std::vector<Value *> Values;
  for (unsigned I = 0; I + 1 < Kernel.arg_size(); ++I) {
    Value *Slot = B.CreateLoad(Ptr, B.CreateConstInBoundsGEP1_64(Ptr, Args, I));
    Values.push_back(B.CreateLoad(Kernel.getArg(I)->getType(), Slot,
                                  Kernel.getArg(I)->getName()));
  }
  return Values;
}

namespace {

/// Loop metadata on \p Latch: no interleaving (a block's row of threads
/// is short: with two vectors an iteration, most of a 64-thread row ran in
/// the remainder), and with \p Scalar no vectorization or unrolling either.
void setLoopHints(Instruction *Latch, bool Scalar) {
  LLVMContext &C = Latch->getContext();
  auto Hint = [&](StringRef Name, Metadata *Value) -> Metadata * {
    if (!Value)
      return MDNode::get(C, {MDString::get(C, Name)});
    return MDNode::get(C, {MDString::get(C, Name), Value});
  };
  Type *I1 = Type::getInt1Ty(C), *I32 = Type::getInt32Ty(C);
  auto Self = MDNode::getTemporary(C, {});
  std::vector<Metadata *> Ops = {
      Self.get(), Hint("llvm.loop.interleave.count",
                       ConstantAsMetadata::get(ConstantInt::get(I32, 1)))};
  if (Scalar) {
    Ops.push_back(Hint("llvm.loop.vectorize.enable",
                       ConstantAsMetadata::get(ConstantInt::get(I1, 0))));
    Ops.push_back(Hint("llvm.loop.unroll.disable", nullptr));
  }
  MDNode *Loop = MDNode::getDistinct(C, Ops);
  Loop->replaceOperandWith(0, Loop);
  Latch->setMetadata(LLVMContext::MD_loop, Loop);
}

/// Whether \p Row (a grid-row clone, CPUGridFusion.h) reads its thread's
/// or block's y or z index: a kernel over a 2-d or 3-d grid, whose rows of
/// threads are as short as its arrays' rows. Their loop is not interleaved
/// (one vector at a time): LLVM vectorizes no epilogue after IRCE's split
/// (the post-loop reads the main loop's index), so an interleaved AVX-512
/// row left up to 31 of a 2-d stencil's 254 elements a row to scalar code,
/// 0.70x the plain loop at n=256 against 0.90x (AMD EPYC, 2026-12-03). A
/// 1-d kernel's one long row keeps LLVM's interleaving: without it the
/// short 1-d launches ran slower.
bool readsYOrZ(const Function &Row) {
  StructType *Ctx = CPUTarget::contextType(Row.getContext());
  for (const BasicBlock &BB : Row)
    for (const Instruction &I : BB) {
      auto *G = dyn_cast<GetElementPtrInst>(&I);
      if (!G || G->getSourceElementType() != Ctx || G->getNumIndices() != 3)
        continue;
      auto *Field = dyn_cast<ConstantInt>(G->getOperand(2));
      auto *Dim = dyn_cast<ConstantInt>(G->getOperand(3));
      // Fields 0 and 1: thread_idx and block_idx (CpuABI.h).
      if (Field && Dim && Field->getZExtValue() <= 1 && Dim->getZExtValue() >= 1)
        return true;
    }
  return false;
}

/// Each array parameter's argument index (of its data; its extents and
/// byte strides follow), dimensions and element size.
struct ArrayParam {
  unsigned Arg;
  unsigned Ndim;
  uint64_t ElementBytes;
  ir::ArrayLayout Layout;
  /// The argument index of its innermost byte stride: data, ndim extents,
  /// ndim strides (KernelABI.h).
  unsigned innerStrideArg() const { return Arg + 2 * Ndim; }
};

std::vector<ArrayParam> arrayParams(const ir::Function &F) {
  std::vector<ArrayParam> Out;
  unsigned Arg = 0;
  for (const ir::Variable *P : F.Params) {
    if (auto *A = ir::dynCast<ir::ArrayType>(P->ArgType)) {
      Out.push_back({Arg, A->ndim(), A->itemSize(), A->layout()});
      Arg += 1 + 2 * A->ndim();
    } else {
      Arg += ir::kernelSlots(P->ArgType);
    }
  }
  return Out;
}

/// Whether no two of \p Arrays share a byte: each spans [lowest, highest
/// element + its size), from its extents and (possibly negative) strides;
/// an empty array spans nothing.
Value *arraysDisjoint(IRBuilder<> &B, const std::vector<ArrayParam> &Arrays,
                      const std::vector<Value *> &Values) {
  Type *I64 = B.getInt64Ty();
  std::vector<std::pair<Value *, Value *>> Spans;
  for (const ArrayParam &A : Arrays) {
    Value *Lo = B.CreatePtrToInt(Values[A.Arg], I64), *Hi = Lo;
    Value *Empty = B.getFalse();
    for (unsigned D = 0; D < A.Ndim; ++D) {
      Value *Extent = Values[A.Arg + 1 + D],
            *Stride = Values[A.Arg + 1 + A.Ndim + D];
      Empty = B.CreateOr(Empty, B.CreateICmpSLE(Extent, B.getInt64(0)));
      Value *Reach = B.CreateMul(B.CreateSub(Extent, B.getInt64(1)), Stride);
      Value *Down = B.CreateICmpSLT(Reach, B.getInt64(0));
      Lo = B.CreateAdd(Lo, B.CreateSelect(Down, Reach, B.getInt64(0)));
      Hi = B.CreateAdd(Hi, B.CreateSelect(Down, B.getInt64(0), Reach));
    }
    Hi = B.CreateAdd(Hi, B.getInt64(A.ElementBytes));
    Hi = B.CreateSelect(Empty, Lo, Hi);
    Spans.push_back({Lo, Hi});
  }
  Value *Disjoint = B.getTrue();
  for (size_t I = 0; I < Spans.size(); ++I)
    for (size_t J = I + 1; J < Spans.size(); ++J) {
      Value *Apart =
          B.CreateOr(B.CreateICmpULE(Spans[I].second, Spans[J].first),
                     B.CreateICmpULE(Spans[J].second, Spans[I].first));
      Disjoint = B.CreateAnd(Disjoint, Apart);
    }
  return Disjoint;
}

/// \p Kernel again with its array data parameters noalias: once inlined
/// into the thread loops, LLVM knows that a store through one array leaves
/// the others' elements as they were, and vectorises without comparing the
/// arrays' addresses row after row.
Function *disjointArraysClone(Function &Kernel,
                              const std::vector<ArrayParam> &Arrays) {
  ValueToValueMapTy Map;
  Function *Clone = CloneFunction(&Kernel, Map);
  Clone->setName(Kernel.getName() + ".disjoint");
  Clone->setLinkage(GlobalValue::InternalLinkage);
  Clone->addFnAttr(Attribute::AlwaysInline);
  for (const ArrayParam &A : Arrays)
    Clone->addParamAttr(A.Arg, Attribute::NoAlias);
  return Clone;
}

/// Writes SYM__cpu_blocks: loops over a run of blocks and their threads
/// around calls of the kernel, of a clone of it, or of its fissioned block.
class BlocksEntryWriter {
public:
  BlocksEntryWriter(Module &M, Function &Kernel, const FissionedKernel *Fission)
      : M(M), C(M.getContext()), Kernel(Kernel), Fission(Fission), B(C) {}
  void emit(const ir::Function &F);

private:
  using BodyFn = std::function<void(Value *)>;
  /// A counted loop: Body(I) for I in [From, To) (To > From). With
  /// \p Split IRCE may split it at a range check; \p Long says that it
  /// runs long enough for LLVM to interleave its vector iterations.
  void countedLoop(Value *From, Value *To, const Twine &Name,
                   const BodyFn &Body, bool Split = false, bool Long = false);
  /// The loop hints of a loop that is not the x thread loop.
  void plain(Instruction *Latch);
  /// Loops over the block's z and y threads around \p XLoop.
  void threads(unsigned D, const Twine &Name,
               const std::function<void()> &XLoop);
  /// Blocks [First, End) with \p Args: through a grid-row clone of \p Callee
  /// when it has one (CPUGridFusion.h), else a block at a time.
  void run(const std::vector<Value *> &Args, const Twine &Name,
           Function *Callee, bool Disjoint);
  /// A block at a time: block_idx = its (x, y, z); for z, for y, for x:
  /// thread_idx = (x, y, z); Callee(Args...) (or the fissioned block).
  void blocks(const std::vector<Value *> &Args, const Twine &Name,
              Function *Callee, bool Disjoint);
  /// The run's blocks a grid row at a time (as far as the run goes in
  /// it): for z, for y, for the x of the grid the row's blocks cover:
  /// RowCallee(Args..., x).
  void blockRows(const std::vector<Value *> &Args, const Twine &Name,
                 Function *RowCallee, bool Disjoint);
  /// The loop over the run's blocks begun: \p Index the block's (x, y, z),
  /// \p Linear its linear index, block_idx set from them.
  void beginBlockLoop(const Twine &Name, PHINode *&Linear,
                      PHINode *(&Index)[3]);
  /// The loop over blocks ended after \p Step blocks of a row (at most to
  /// the row's end): x + Step, carrying into y and then z.
  void endBlockLoop(PHINode *Linear, PHINode *(&Index)[3], Value *Step);
  Value *field(unsigned F, unsigned D) {
    return CPUTarget::dimensionField(B, Local, F, D);
  }

  Module &M;
  LLVMContext &C;
  Function &Kernel;
  const FissionedKernel *Fission;
  IRBuilder<> B;
  Function *Entry = nullptr;
  Value *Local = nullptr, *First = nullptr, *End = nullptr, *GridXY = nullptr;
  Value *BlockDim[3] = {}, *GridDim[3] = {};
  BasicBlock *LoopExit = nullptr;
  /// Whether the loops being written are the rare copy (see emit).
  bool Rare = false;
  std::vector<CallInst *> DisjointCalls;
};

void BlocksEntryWriter::plain(Instruction *Latch) {
  // Only the x thread loop is worth splitting at a range check (see
  // Optimize.cpp): IRCE skipped a loop whose latch branch carried the tag
  // it put on the loops it had made, and the block loop split at a guard
  // made a 2-d stencil 20% slower. LLVM 19's IRCE reads another tag
  // (loop_constrainer.loop.clone) and ignores this one, so a 2-d kernel's
  // y loop and the rare copy's x loop are split (measured, 2026-12-03:
  // with LLVM 19's tag on the rare copy, 150 small kernels compiled 1.5-4%
  // faster, but strided and overlapping arrays ran 10-40% slower; with it
  // on every loop here, the fast copy's code changes too).
  Latch->setMetadata("irce.loop.clone", MDNode::get(C, {}));
  // The copy of the loops for arrays strided in their last axis (or that
  // overlap) is the rare path: vectorised (gathers, and LLVM's own
  // versioning for unit strides, which the fast copy already is) or
  // unrolled, it doubled each kernel's code and compile time for nothing.
  if (Rare)
    setLoopHints(Latch, /*Scalar=*/true);
}

void BlocksEntryWriter::countedLoop(Value *From, Value *To, const Twine &Name,
                                    const BodyFn &Body, bool Split, bool Long) {
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(C, Name, Entry);
  BasicBlock *After = BasicBlock::Create(C, Name + ".end", Entry);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *I = B.CreatePHI(From->getType(), 2);
  I->addIncoming(From, Pre);
  Body(I);
  Value *Next =
      B.CreateAdd(I, ConstantInt::get(From->getType(), 1), "", true, true);
  I->addIncoming(Next, B.GetInsertBlock());
  Instruction *Latch = B.CreateCondBr(B.CreateICmpULT(Next, To), Loop, After);
  if (!Split || Rare)
    plain(Latch);
  else if (!Long)
    setLoopHints(Latch, /*Scalar=*/false);
  B.SetInsertPoint(After);
}

void BlocksEntryWriter::threads(unsigned D, const Twine &Name,
                                const std::function<void()> &XLoop) {
  if (D == 0)
    return XLoop();
  countedLoop(B.getInt32(0), BlockDim[D], Name + ".thread" + Twine("xyz"[D]),
              [&](Value *I) {
                B.CreateStore(I, field(0, D));
                threads(D - 1, Name, XLoop);
              });
}

void BlocksEntryWriter::beginBlockLoop(const Twine &Name, PHINode *&Linear,
                                       PHINode *(&Index)[3]) {
  // The block index is divided out of the linear one once per call and
  // then counted up with carries: a division per block (and x86's codegen
  // repeats it at every use) costs more than a block of a barrier-free
  // kernel's vectorised work.
  Type *I64 = B.getInt64Ty();
  Value *FirstXY = B.CreateURem(First, GridXY);
  Value *Start[3] = {B.CreateURem(FirstXY, GridDim[0]),
                     B.CreateUDiv(FirstXY, GridDim[0]),
                     B.CreateUDiv(First, GridXY)};
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(C, Name + ".block", Entry);
  LoopExit = BasicBlock::Create(C, Name + ".block.end", Entry);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  Linear = B.CreatePHI(I64, 2, "block.linear");
  Linear->addIncoming(First, Pre);
  for (unsigned D = 0; D < 3; ++D) {
    Index[D] = B.CreatePHI(I64, 2, Twine("block.") + Twine("xyz"[D]));
    Index[D]->addIncoming(Start[D], Pre);
  }
  for (unsigned D = 0; D < 3; ++D)
    B.CreateStore(B.CreateTrunc(Index[D], B.getInt32Ty()), field(1, D));
}

void BlocksEntryWriter::endBlockLoop(PHINode *Linear, PHINode *(&Index)[3],
                                     Value *Step) {
  Value *Carry = nullptr;
  for (unsigned D = 0; D < 3; ++D) {
    Value *Next =
        B.CreateAdd(Index[D], D ? B.CreateZExt(Carry, B.getInt64Ty()) : Step,
                    "", true, true);
    if (D == 2) {
      Index[D]->addIncoming(Next, B.GetInsertBlock());
      break;
    }
    Carry = B.CreateICmpEQ(Next, GridDim[D]);
    Index[D]->addIncoming(B.CreateSelect(Carry, B.getInt64(0), Next),
                          B.GetInsertBlock());
  }
  Value *NextLinear = B.CreateAdd(Linear, Step, "", true, true);
  Linear->addIncoming(NextLinear, B.GetInsertBlock());
  plain(B.CreateCondBr(B.CreateICmpULT(NextLinear, End), Linear->getParent(),
                       LoopExit));
  B.SetInsertPoint(LoopExit);
}

void BlocksEntryWriter::blocks(const std::vector<Value *> &Args,
                               const Twine &Name, Function *Callee,
                               bool Disjoint) {
  PHINode *Linear, *Index[3];
  beginBlockLoop(Name, Linear, Index);
  if (Fission) {
    B.CreateCall(Fission->Block, Args);
  } else {
    threads(2, Name, [&] {
      countedLoop(
          B.getInt32(0), BlockDim[0], Name + ".threadx",
          [&](Value *I) {
            B.CreateStore(I, field(0, 0));
            CallInst *Call = B.CreateCall(Callee, Args);
            if (Disjoint)
              DisjointCalls.push_back(Call);
          },
          /*Split=*/true);
    });
  }
  endBlockLoop(Linear, Index, B.getInt64(1));
}

void BlocksEntryWriter::blockRows(const std::vector<Value *> &Args,
                                  const Twine &Name, Function *RowCallee,
                                  bool Disjoint) {
  // A context of the row loops' own: the other copy of the loops may pass
  // theirs to the runtime, which would keep this one in memory too, read
  // again for every thread (the row copy's error reports get copies).
  Value *Shared = Local;
  IRBuilder<> AtEntry(&*Entry->getEntryBlock().getFirstInsertionPt());
  StructType *CtxTy = CPUTarget::contextType(C);
  Local = AtEntry.CreateAlloca(CtxTy, nullptr, "row.ctx");
  B.CreateMemCpy(Local, MaybeAlign(8), Entry->getArg(1), MaybeAlign(8),
                 M.getDataLayout().getTypeAllocSize(CtxTy));
  PHINode *Linear, *Index[3];
  beginBlockLoop(Name, Linear, Index);
  Type *I64 = B.getInt64Ty();
  auto UMin = [&](Value *A, Value *V) {
    return B.CreateBinaryIntrinsic(Intrinsic::umin, A, V);
  };
  auto UMax = [&](Value *A, Value *V) {
    return B.CreateBinaryIntrinsic(Intrinsic::umax, A, V);
  };
  // IRCE splits the row's loop at the kernel's range check only when SCEV
  // can bound the row's length: the clamps say what the launch's limits
  // (CpuABI.h) already ensure, 1 to 1024 threads a block and 1 to 2^20
  // blocks a row (a longer row is taken in parts).
  Value *Width = UMin(UMax(B.CreateZExt(BlockDim[0], I64), B.getInt64(1)),
                      B.getInt64(1024));
  Value *Blocks = UMax(
      UMin(UMin(B.CreateSub(End, Linear), B.CreateSub(GridDim[0], Index[0])),
           B.getInt64(uint64_t(1) << 20)),
      B.getInt64(1));
  // Block indices are below 2^31: said so by their 32 bits, the row's first
  // x is seen to be non-negative, so that InstCombine reads a kernel's
  // `0 < x` as `x != 0`, a lower bound IRCE then splits at (Optimize.cpp).
  Value *FirstBlock =
      B.CreateZExt(B.CreateTrunc(Index[0], B.getInt32Ty()), I64);
  Value *From = B.CreateMul(FirstBlock, Width, "row.from", true, true);
  Value *Threads = B.CreateMul(Blocks, Width, "row.threads", true, true);
  std::vector<Value *> RowArgs = Args;
  RowArgs.back() = Local;
  RowArgs.push_back(nullptr);
  threads(2, Name, [&] {
    countedLoop(
        B.getInt64(0), Threads, Name + ".gridx",
        [&](Value *X) {
          RowArgs.back() = B.CreateAdd(From, X, "", true, true);
          CallInst *Call = B.CreateCall(RowCallee, RowArgs);
          if (Disjoint)
            DisjointCalls.push_back(Call);
        },
        /*Split=*/true, /*Long=*/!readsYOrZ(*RowCallee));
  });
  endBlockLoop(Linear, Index, Blocks);
  Local = Shared;
}

void BlocksEntryWriter::run(const std::vector<Value *> &Args, const Twine &Name,
                            Function *Callee, bool Disjoint) {
  if (!Fission && !Rare)
    if (Function *Row = gridRowClone(*Callee))
      return blockRows(Args, Name, Row, Disjoint);
  blocks(Args, Name, Callee, Disjoint);
}

void BlocksEntryWriter::emit(const ir::Function &F) {
  Type *Ptr = PointerType::get(C, 0);
  Type *I64 = Type::getInt64Ty(C);
  StructType *CtxTy = CPUTarget::contextType(C);
  Entry = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, I64, I64}, false),
      GlobalValue::ExternalLinkage, Kernel.getName() + "__cpu_blocks", M);
  Entry->addFnAttr(Attribute::NoUnwind);
  B.SetInsertPoint(BasicBlock::Create(C, "entry", Entry));
  Value *Ctx = Entry->getArg(1), *Count = Entry->getArg(3);
  First = Entry->getArg(2);
  std::vector<Value *> Values =
      loadKernelArguments(B, Entry->getArg(0), Kernel);
  // The context the threads see; only thread_idx and block_idx change, and
  // once the kernel is inlined SROA turns their reads into the loops'
  // induction variables.
  Local = B.CreateAlloca(CtxTy, nullptr, "thread.ctx");
  B.CreateMemCpy(Local, MaybeAlign(8), Ctx, MaybeAlign(8),
                 M.getDataLayout().getTypeAllocSize(CtxTy));
  Values.push_back(Local);
  for (unsigned D = 0; D < 3; ++D) {
    BlockDim[D] = CPUTarget::loadDimension(B, Ctx, 2, D, "bdim");
    GridDim[D] =
        B.CreateZExt(CPUTarget::loadDimension(B, Ctx, 3, D, "gdim"), I64);
  }
  GridXY = B.CreateMul(GridDim[0], GridDim[1], "", true, true);
  End = B.CreateAdd(First, Count, "end");

  BasicBlock *Done = BasicBlock::Create(C, "done", Entry);
  BasicBlock *Run = BasicBlock::Create(C, "run", Entry);
  B.CreateCondBr(B.CreateICmpEQ(Count, B.getInt64(0)), Done, Run);
  B.SetInsertPoint(Run);
  // Arrays of any layout index with byte strides the loop vectorizer cannot
  // see through (a stride could even be 0, making threads' accesses
  // collide). Most arrays a launch gets are contiguous in their last axis,
  // so the loops are emitted twice: once with those strides known to be
  // the element size, taken when they are, and once as they come.
  //
  // Likewise, when the arrays do not overlap (as almost always), the fast
  // copy calls the kernel with its arrays noalias (disjointArraysClone);
  // arrays that share memory (a kernel given one array twice) take the
  // other copy, as strided ones do.
  std::vector<ArrayParam> Params = arrayParams(F);
  // An 'A' array indexes with its byte strides: its innermost one is
  // checked against the element size.
  std::vector<ArrayParam> Strides;
  for (const ArrayParam &A : Params)
    if (A.Layout == ir::ArrayLayout::A && A.Ndim > 0)
      Strides.push_back(A);
  std::vector<ArrayParam> Arrays = Fission ? std::vector<ArrayParam>() : Params;
  if (Arrays.size() < 2)
    Arrays.clear();
  if (Strides.empty() && Arrays.empty()) {
    run(Values, "all", &Kernel, /*Disjoint=*/false);
  } else {
    Value *Fast = B.getTrue();
    std::vector<Value *> FastValues = Values;
    for (const ArrayParam &S : Strides) {
      Value *Bytes = B.getInt64(S.ElementBytes);
      Fast =
          B.CreateAnd(Fast, B.CreateICmpEQ(Values[S.innerStrideArg()], Bytes));
      FastValues[S.innerStrideArg()] = Bytes;
    }
    if (!Arrays.empty())
      Fast = B.CreateAnd(Fast, arraysDisjoint(B, Arrays, Values));
    BasicBlock *Contiguous = BasicBlock::Create(C, "contiguous", Entry);
    BasicBlock *Strided = BasicBlock::Create(C, "strided", Entry);
    B.CreateCondBr(Fast, Contiguous, Strided);
    B.SetInsertPoint(Contiguous);
    if (Arrays.empty())
      run(FastValues, "contiguous", &Kernel, /*Disjoint=*/false);
    else
      run(FastValues, "contiguous", disjointArraysClone(Kernel, Arrays),
          /*Disjoint=*/true);
    B.CreateBr(Done);
    B.SetInsertPoint(Strided);
    Rare = true;
    blocks(Values, "strided", &Kernel, /*Disjoint=*/false);
  }
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  // Inlined, the clone's noalias parameters become scopes the inliner
  // declares at each call, inside the thread loops, where they would hold
  // for one thread only; Optimize.cpp's pass drops those declarations, so
  // the scopes hold in the whole entry, as arraysDisjoint checked.
  if (!DisjointCalls.empty())
    Entry->addFnAttr(DisjointArraysAttribute,
                     DisjointCalls[0]->getCalledFunction()->getName());
}

} // namespace

void emitBlocksEntry(Module &M, Function &Kernel, const ir::Function &F,
                     const FissionedKernel *Fission) {
  BlocksEntryWriter(M, Kernel, Fission).emit(F);
}

} // namespace pykc::codegen
