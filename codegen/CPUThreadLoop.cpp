//===- CPUThreadLoop.cpp --------------------------------------------------===//
#include "codegen/CPUThreadLoop.h"

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

} // namespace

void emitBlocksEntry(Module &M, Function &Kernel, const ir::Function &F,
                     const FissionedKernel *Fission) {
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::get(C, 0);
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  StructType *CtxTy = CPUTarget::contextType(C);
  auto *Entry = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, I64, I64}, false),
      GlobalValue::ExternalLinkage, Kernel.getName() + "__cpu_blocks", M);
  Entry->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Entry));
  Value *Ctx = Entry->getArg(1), *First = Entry->getArg(2),
        *Count = Entry->getArg(3);
  std::vector<Value *> Values =
      loadKernelArguments(B, Entry->getArg(0), Kernel);
  // The context the threads see; only thread_idx and block_idx change, and
  // once the kernel is inlined SROA turns their reads into the loops'
  // induction variables.
  Value *Local = B.CreateAlloca(CtxTy, nullptr, "thread.ctx");
  B.CreateMemCpy(Local, MaybeAlign(8), Ctx, MaybeAlign(8),
                 M.getDataLayout().getTypeAllocSize(CtxTy));
  Values.push_back(Local);
  auto Field = [&](unsigned F, unsigned D) {
    return CPUTarget::dimensionField(B, Local, F, D);
  };
  Value *BlockDim[3], *GridDim[3];
  for (unsigned D = 0; D < 3; ++D) {
    BlockDim[D] = CPUTarget::loadDimension(B, Ctx, 2, D, "bdim");
    GridDim[D] =
        B.CreateZExt(CPUTarget::loadDimension(B, Ctx, 3, D, "gdim"), I64);
  }
  Value *GridXY = B.CreateMul(GridDim[0], GridDim[1], "", true, true);
  Value *End = B.CreateAdd(First, Count, "end");

  // Only the x thread loop is worth splitting at a range check (see
  // Optimize.cpp): IRCE skips a loop whose latch branch carries the tag it
  // puts on the loops it has made, and the block loop split at a guard
  // made a 2-d stencil 20% slower. (A 2-d kernel's y loop is still split
  // at its row check: by the time IRCE runs, LLVM has rebuilt that latch.)
  auto NoRangeSplit = [&](Instruction *Latch) {
    Latch->setMetadata("irce.loop.clone", MDNode::get(C, {}));
  };
  // The copy of the loops for arrays strided in their last axis (or that
  // overlap) is the rare path: vectorised (gathers, and LLVM's own
  // versioning for unit strides, which the fast copy already is) or
  // unrolled, it doubled each kernel's code and compile time for nothing.
  bool Rare = false;
  std::vector<CallInst *> DisjointCalls;
  auto Plain = [&](Instruction *Latch) {
    NoRangeSplit(Latch);
    if (Rare)
      setLoopHints(Latch, /*Scalar=*/true);
  };
  // A counted loop: Body(I) for I in [From, To) (To > From).
  auto CountedLoop = [&](Value *From, Value *To, const Twine &Name,
                         const std::function<void(Value *)> &Body,
                         bool Split = false) {
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
      Plain(Latch);
    else
      setLoopHints(Latch, /*Scalar=*/false);
    B.SetInsertPoint(After);
  };
  // for each block: block_idx = its (x, y, z); for z, for y, for x:
  // thread_idx = (x, y, z); kernel(Args...). The block index is divided out
  // of the linear one once per call and then counted up with carries: a
  // division per block (and x86's codegen repeats it at every use) costs
  // more than a block of a barrier-free kernel's vectorised work.
  auto Blocks = [&](const std::vector<Value *> &Args, const Twine &Name,
                    Function *Callee) {
    Value *FirstXY = B.CreateURem(First, GridXY);
    Value *Start[3] = {B.CreateURem(FirstXY, GridDim[0]),
                       B.CreateUDiv(FirstXY, GridDim[0]),
                       B.CreateUDiv(First, GridXY)};
    BasicBlock *Pre = B.GetInsertBlock();
    BasicBlock *Loop = BasicBlock::Create(C, Name + ".block", Entry);
    BasicBlock *After = BasicBlock::Create(C, Name + ".block.end", Entry);
    B.CreateBr(Loop);
    B.SetInsertPoint(Loop);
    PHINode *Linear = B.CreatePHI(I64, 2, "block.linear");
    Linear->addIncoming(First, Pre);
    PHINode *Index[3];
    for (unsigned D = 0; D < 3; ++D) {
      Index[D] = B.CreatePHI(I64, 2, Twine("block.") + Twine("xyz"[D]));
      Index[D]->addIncoming(Start[D], Pre);
    }
    for (unsigned D = 0; D < 3; ++D)
      B.CreateStore(B.CreateTrunc(Index[D], I32), Field(1, D));
    if (Fission) {
      B.CreateCall(Fission->Block, Args);
    } else {
      std::function<void(int)> Threads = [&](int D) {
        CountedLoop(
            B.getInt32(0), BlockDim[D], Name + ".thread" + Twine("xyz"[D]),
            [&](Value *I) {
              B.CreateStore(I, Field(0, unsigned(D)));
              if (D == 0 && Callee != &Kernel)
                DisjointCalls.push_back(B.CreateCall(Callee, Args));
              else if (D == 0)
                B.CreateCall(Callee, Args);
              else
                Threads(D - 1);
            },
            /*Split=*/D == 0);
      };
      Threads(2);
    }
    // The next block: x + 1, carrying into y and then z.
    Value *Carry = B.getTrue();
    for (unsigned D = 0; D < 3; ++D) {
      Value *Next = B.CreateAdd(Index[D], B.CreateZExt(Carry, I64), "", true, true);
      if (D == 2) {
        Index[D]->addIncoming(Next, B.GetInsertBlock());
        break;
      }
      Carry = B.CreateICmpEQ(Next, GridDim[D]);
      Index[D]->addIncoming(B.CreateSelect(Carry, B.getInt64(0), Next),
                            B.GetInsertBlock());
    }
    Value *NextLinear = B.CreateAdd(Linear, B.getInt64(1), "", true, true);
    Linear->addIncoming(NextLinear, B.GetInsertBlock());
    Plain(B.CreateCondBr(B.CreateICmpULT(NextLinear, End), Loop, After));
    B.SetInsertPoint(After);
  };

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
    Blocks(Values, "all", &Kernel);
  } else {
    Value *Fast = B.getTrue();
    std::vector<Value *> FastValues = Values;
    for (const ArrayParam &S : Strides) {
      Value *Bytes = B.getInt64(S.ElementBytes);
      Fast = B.CreateAnd(Fast, B.CreateICmpEQ(Values[S.innerStrideArg()], Bytes));
      FastValues[S.innerStrideArg()] = Bytes;
    }
    if (!Arrays.empty())
      Fast = B.CreateAnd(Fast, arraysDisjoint(B, Arrays, Values));
    BasicBlock *Contiguous = BasicBlock::Create(C, "contiguous", Entry);
    BasicBlock *Strided = BasicBlock::Create(C, "strided", Entry);
    B.CreateCondBr(Fast, Contiguous, Strided);
    B.SetInsertPoint(Contiguous);
    Blocks(FastValues, "contiguous",
           Arrays.empty() ? &Kernel : disjointArraysClone(Kernel, Arrays));
    B.CreateBr(Done);
    B.SetInsertPoint(Strided);
    Rare = true;
    Blocks(Values, "strided", &Kernel);
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

} // namespace pykc::codegen
