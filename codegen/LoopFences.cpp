//===- LoopFences.cpp -----------------------------------------------------===//
#include "codegen/LoopFences.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// The metadata that marks a fence as ours, so that a llvm.sideeffect
/// from anywhere else (a linked .cu file) stays.
constexpr const char *FenceMetadata = "pykc.loop.fence";

bool isFence(const Instruction *I) {
  auto *Call = dyn_cast_or_null<IntrinsicInst>(I);
  return Call && Call->getIntrinsicID() == Intrinsic::sideeffect &&
         Call->getMetadata(FenceMetadata);
}

} // namespace

bool hasManyLoops(const LoopInfo &Loops) {
  return Loops.getLoopsInPreorder().size() > LoopFenceThreshold;
}

PreservedAnalyses InsertLoopFencesPass::run(Function &F, FunctionAnalysisManager &AM) {
  const LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  if (!hasManyLoops(Loops))
    return PreservedAnalyses::all();
  Function *SideEffect = Intrinsic::getDeclaration(F.getParent(), Intrinsic::sideeffect);
  MDNode *Mark = MDNode::get(F.getContext(), {});
  std::vector<BasicBlock *> Entering;
  for (const Loop *L : Loops.getLoopsInPreorder())
    for (BasicBlock *Pred : predecessors(L->getHeader()))
      if (!L->contains(Pred))
        Entering.push_back(Pred);
  // A block that enters more than one loop needs one fence.
  std::sort(Entering.begin(), Entering.end());
  Entering.erase(std::unique(Entering.begin(), Entering.end()), Entering.end());
  for (BasicBlock *BB : Entering) {
    IRBuilder<> B(BB->getTerminator());
    B.CreateCall(SideEffect)->setMetadata(FenceMetadata, Mark);
  }
  // Only calls were added: the CFG, and so the loops, are as they were.
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

PreservedAnalyses RemoveLoopFencesPass::run(Function &F, FunctionAnalysisManager &) {
  std::vector<Instruction *> Fences;
  for (Instruction &I : instructions(F))
    if (isFence(&I))
      Fences.push_back(&I);
  for (Instruction *I : Fences)
    I->eraseFromParent();
  if (Fences.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace pykc::codegen
