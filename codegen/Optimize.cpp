//===- Optimize.cpp -------------------------------------------------------===//
#include "codegen/Optimize.h"

#include "codegen/CPUThreadLoop.h"
#include "codegen/LoopFences.h"

#include <chrono>
#include <functional>
#include <map>
#include <vector>

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/IR/PassInstrumentation.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Triple.h>
#include <llvm/Transforms/Scalar/InductiveRangeCheckElimination.h>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// IRCE decides whether splitting a loop pays from branch profiles, which a
/// freshly emitted module does not have; for the CPU backend's thread loops
/// it always pays (see addThreadLoopGuardSplitting), so that check is off.
void skipRangeCheckProfitability() {
  static bool Done = [] {
    auto &Options = cl::getRegisteredOptions();
    auto It = Options.find("irce-skip-profitability-checks");
    if (It != Options.end())
      static_cast<cl::opt<bool> *>(It->second)->setValue(true);
    return true;
  }();
  (void)Done;
}

/// A kernel's `if 0 < col` reaches IRCE as `col != 0` (InstCombine's form
/// once it knows col >= 0), which IRCE does not read as a range check; a
/// 2-d stencil's x loop then kept a masked vector body. For a non-negative
/// X, `X != 0` is `X - 1 >= 0`, a lower bound IRCE splits the loop at. The
/// branch is rewritten so that its true edge is the in-range side, as IRCE
/// expects; later InstCombine runs fold whatever IRCE left back.
struct NonZeroAsLowerBoundPass : PassInfoMixin<NonZeroAsLowerBoundPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    using namespace PatternMatch;
    auto &Loops = AM.getResult<LoopAnalysis>(F);
    auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
    auto &AC = AM.getResult<AssumptionAnalysis>(F);
    const DataLayout &DL = F.getDataLayout();
    bool Changed = false;
    // X != 0 -> X - 1 >= 0 where X is known non-negative at \p Br.
    auto LowerBound = [&](ICmpInst *Cmp, BranchInst *Br) -> Value * {
      Value *X = nullptr;
      if (!Cmp->hasOneUse() || !Cmp->isEquality() || !match(Cmp, m_ICmp(m_Value(X), m_Zero())) ||
          !X->getType()->isIntegerTy() || !isKnownNonNegative(X, SimplifyQuery(DL, &DT, &AC, Br)))
        return nullptr;
      IRBuilder<> B(Cmp);
      Value *Below = B.CreateAdd(X, ConstantInt::get(X->getType(), -1), "", false, true);
      return B.CreateICmpSGE(Below, ConstantInt::get(X->getType(), 0));
    };
    // The `!= 0` leaves of a condition made of ands (the body runs when all
    // hold: `0 < row < n and 0 < col < m`).
    std::function<void(Value *, BranchInst *)> Leaves = [&](Value *V, BranchInst *Br) {
      Value *A = nullptr, *C = nullptr;
      if (V->hasOneUse() && match(V, m_LogicalAnd(m_Value(A), m_Value(C)))) {
        Leaves(A, Br);
        Leaves(C, Br);
        return;
      }
      auto *Cmp = dyn_cast<ICmpInst>(V);
      if (!Cmp || Cmp->getPredicate() != ICmpInst::ICMP_NE)
        return;
      if (Value *In = LowerBound(Cmp, Br)) {
        Cmp->replaceAllUsesWith(In);
        Cmp->eraseFromParent();
        Changed = true;
      }
    };
    for (BasicBlock &BB : F) {
      auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
      if (!Br || !Br->isConditional() || !Loops.getLoopFor(&BB))
        continue;
      auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
      if (Cmp && Cmp->getPredicate() == ICmpInst::ICMP_EQ) {
        if (Value *In = LowerBound(Cmp, Br)) { // if X == 0: skip -> if X >= 1: run
          Br->setCondition(In);
          Br->swapSuccessors();
          Cmp->eraseFromParent();
          Changed = true;
        }
        continue;
      }
      Leaves(Br->getCondition(), Br);
    }
    if (!Changed)
      return PreservedAnalyses::all();
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    return PA;
  }
};

/// A blocks entry that runs its kernel with noalias arrays once it has
/// checked that they do not overlap (CPUThreadLoop.h) means it for the
/// whole launch: the declarations of those scopes that inlining put inside
/// the thread loops are dropped, so that the loop vectorizer, which reads a
/// scope declared inside a loop as holding for one iteration, needs no
/// run-time check of the arrays' addresses for every row of threads.
struct LaunchWideScopesPass : PassInfoMixin<LaunchWideScopesPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    Attribute Domain = F.getFnAttribute(DisjointArraysAttribute);
    if (!Domain.isValid())
      return PreservedAnalyses::all();
    std::vector<Instruction *> Declarations;
    for (Instruction &I : instructions(F)) {
      auto *Decl = dyn_cast<IntrinsicInst>(&I);
      if (!Decl ||
          Decl->getIntrinsicID() != Intrinsic::experimental_noalias_scope_decl)
        continue;
      auto *Scopes = cast<MDNode>(
          cast<MetadataAsValue>(Decl->getArgOperand(0))->getMetadata());
      bool Ours = Scopes->getNumOperands() > 0;
      for (const MDOperand &Op : Scopes->operands()) {
        AliasScopeNode Scope(dyn_cast<MDNode>(Op.get()));
        const MDNode *D = Scope.getNode() ? Scope.getDomain() : nullptr;
        auto *Name = D && D->getNumOperands() > 1
                         ? dyn_cast<MDString>(D->getOperand(1))
                         : nullptr;
        Ours = Ours && Name && Name->getString() == Domain.getValueAsString();
      }
      if (Ours)
        Declarations.push_back(Decl);
    }
    for (Instruction *I : Declarations)
      I->eraseFromParent();
    return Declarations.empty() ? PreservedAnalyses::all()
                                : PreservedAnalyses::none();
  }
};

/// A barrier-free kernel's body is usually guarded by `if i < n:` where i
/// counts with the thread index. Vectorised as it is, every load under the
/// guard becomes a masked load, and on x86 masked loads defeat the hardware
/// prefetcher: a saxpy over 64 MB ran 2.6x slower than with plain loads.
/// Inductive range check elimination splits the thread loop into the
/// threads that pass the guard (no check, plain loads) and the rest.
void addThreadLoopGuardSplitting(PassBuilder &PB) {
  skipRangeCheckProfitability();
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(LaunchWideScopesPass());
        FPM.addPass(NonZeroAsLowerBoundPass());
        FPM.addPass(IRCEPass());
      });
}

/// Runs a function simplification pipeline on the functions of more than
/// LoopFenceThreshold loops, and leaves the others alone.
class SimplifyManyLoopFunctionsPass : public PassInfoMixin<SimplifyManyLoopFunctionsPass> {
public:
  explicit SimplifyManyLoopFunctionsPass(FunctionPassManager Simplify)
      : Simplify(std::move(Simplify)) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    if (F.isDeclaration() || !hasManyLoops(AM.getResult<LoopAnalysis>(F)))
      return PreservedAnalyses::all();
    return Simplify.run(F, AM);
  }
private:
  FunctionPassManager Simplify;
};

/// Fences in kernels of many loops from the start of the pipeline to the
/// vectorizers (LoopFences.h). On the CPU backend such a kernel is also
/// simplified on its own before the always-inliner puts it inside its
/// thread loops: LLVM's loop passes forget what ScalarEvolution knows of
/// a loop's whole outermost loop each time they change one of its inner
/// loops, and redo LCSSA over it, so 1,000 loops inside a thread loop
/// cost their square (7 s); alone, each loop is rotated, hoisted from and
/// unrolled at the top level, and what the copies inside the thread loops
/// get is already simple.
void addLoopFences(PassBuilder &PB, bool ThreadLoops) {
  PB.registerPipelineStartEPCallback([&PB, ThreadLoops](ModulePassManager &MPM,
                                                        OptimizationLevel Level) {
    if (Level == OptimizationLevel::O0)
      return; // nothing walks MemorySSA or rotates loops
    FunctionPassManager FPM;
    FPM.addPass(InsertLoopFencesPass());
    if (ThreadLoops)
      FPM.addPass(SimplifyManyLoopFunctionsPass(
          PB.buildFunctionSimplificationPipeline(Level, ThinOrFullLTOPhase::None)));
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  });
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) { FPM.addPass(RemoveLoopFencesPass()); });
}

/// Each pass's own time: the time between its start and end, less the
/// time of the passes it ran (a pass manager's own time is small).
class PassClock {
public:
  explicit PassClock(PassInstrumentationCallbacks &PIC) {
    PIC.registerBeforeNonSkippedPassCallback(
        [this](StringRef, Any) { Running.push_back({Clock::now(), 0}); });
    PIC.registerAfterPassCallback(
        [this](StringRef Pass, Any, const PreservedAnalyses &) { finish(Pass); });
    PIC.registerAfterPassInvalidatedCallback(
        [this](StringRef Pass, const PreservedAnalyses &) { finish(Pass); });
  }
  void report(const PassTimeSink &Times) const {
    for (const auto &[Pass, Seconds] : Own)
      Times(Pass, Seconds);
  }

private:
  using Clock = std::chrono::steady_clock;
  struct Frame {
    Clock::time_point Start;
    double Inner; ///< Seconds of the passes it ran.
  };
  void finish(StringRef Pass) {
    if (Running.empty())
      return;
    Frame F = Running.back();
    Running.pop_back();
    double Seconds = std::chrono::duration<double>(Clock::now() - F.Start).count();
    Own[Pass.str()] += Seconds - F.Inner;
    if (!Running.empty())
      Running.back().Inner += Seconds;
  }
  std::vector<Frame> Running;
  std::map<std::string, double> Own;
};

} // namespace

void runOptimizationPipeline(Module &M, TargetMachine &TM, unsigned OptLevel,
                             const PassTimeSink &Times) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks PIC;
  std::optional<PassClock> Clock;
  if (Times)
    Clock.emplace(PIC);
  PassBuilder PB(&TM, PipelineTuningOptions(), std::nullopt, Times ? &PIC : nullptr);
  if (!TM.getTargetTriple().isNVPTX())
    addThreadLoopGuardSplitting(PB);
  addLoopFences(PB, !TM.getTargetTriple().isNVPTX());
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  OptimizationLevel Level = OptLevel == 0   ? OptimizationLevel::O0
                            : OptLevel == 1 ? OptimizationLevel::O1
                            : OptLevel == 2 ? OptimizationLevel::O2
                                            : OptimizationLevel::O3;
  ModulePassManager MPM = OptLevel == 0 ? PB.buildO0DefaultPipeline(Level)
                                        : PB.buildPerModuleDefaultPipeline(Level);
  MPM.run(M, MAM);
  if (Clock)
    Clock->report(Times);
}

} // namespace pykc::codegen
