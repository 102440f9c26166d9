//===- CPUThreadLoop.cpp --------------------------------------------------===//
#include "codegen/CPUThreadLoop.h"

#include "codegen/CPUTarget.h"

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

/// For each array parameter of any layout (an 'A' array indexes with its
/// byte strides), the argument index of its innermost stride and the byte
/// size of its elements.
struct InnerStride {
  unsigned Arg;
  uint64_t ElementBytes;
};

std::vector<InnerStride> innerStrides(const ir::Function &F) {
  std::vector<InnerStride> Out;
  unsigned Arg = 0;
  for (const ir::Variable *P : F.Params) {
    auto *A = ir::dynCast<ir::ArrayType>(P->ArgType);
    if (!A) {
      Arg += ir::kernelSlots(P->ArgType);
      continue;
    }
    // data, ndim extents, ndim strides (KernelABI.h)
    if (A->layout() == ir::ArrayLayout::A && A->ndim() > 0)
      Out.push_back({Arg + 2 * A->ndim(), A->itemSize()});
    Arg += 1 + 2 * A->ndim();
  }
  return Out;
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
    if (!Split)
      NoRangeSplit(Latch);
    B.SetInsertPoint(After);
  };
  // for each block: block_idx = its (x, y, z); for z, for y, for x:
  // thread_idx = (x, y, z); kernel(Args...). The block index is divided out
  // of the linear one once per call and then counted up with carries: a
  // division per block (and x86's codegen repeats it at every use) costs
  // more than a block of a barrier-free kernel's vectorised work.
  auto Blocks = [&](const std::vector<Value *> &Args, const Twine &Name) {
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
        CountedLoop(B.getInt32(0), BlockDim[D],
                    Name + ".thread" + Twine("xyz"[D]), [&](Value *I) {
                      B.CreateStore(I, Field(0, unsigned(D)));
                      if (D == 0)
                        B.CreateCall(&Kernel, Args);
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
    NoRangeSplit(B.CreateCondBr(B.CreateICmpULT(NextLinear, End), Loop, After));
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
  std::vector<InnerStride> Strides = innerStrides(F);
  if (Strides.empty()) {
    Blocks(Values, "all");
  } else {
    Value *Unit = B.getTrue();
    std::vector<Value *> UnitValues = Values;
    for (const InnerStride &S : Strides) {
      Value *Bytes = B.getInt64(S.ElementBytes);
      Unit = B.CreateAnd(Unit, B.CreateICmpEQ(Values[S.Arg], Bytes));
      UnitValues[S.Arg] = Bytes;
    }
    BasicBlock *Contiguous = BasicBlock::Create(C, "contiguous", Entry);
    BasicBlock *Strided = BasicBlock::Create(C, "strided", Entry);
    B.CreateCondBr(Unit, Contiguous, Strided);
    B.SetInsertPoint(Contiguous);
    Blocks(UnitValues, "contiguous");
    B.CreateBr(Done);
    B.SetInsertPoint(Strided);
    Blocks(Values, "strided");
  }
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
}

} // namespace pykc::codegen
