//===- Optimize.cpp -------------------------------------------------------===//
#include "codegen/Optimize.h"

#include <llvm/IR/Module.h>
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

/// A barrier-free kernel's body is usually guarded by `if i < n:` where i
/// counts with the thread index. Vectorised as it is, every load under the
/// guard becomes a masked load, and on x86 masked loads defeat the hardware
/// prefetcher: a saxpy over 64 MB ran 2.6x slower than with plain loads.
/// Inductive range check elimination splits the thread loop into the
/// threads that pass the guard (no check, plain loads) and the rest.
void addThreadLoopGuardSplitting(PassBuilder &PB) {
  skipRangeCheckProfitability();
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) { FPM.addPass(IRCEPass()); });
}

} // namespace

void runOptimizationPipeline(Module &M, TargetMachine &TM, unsigned OptLevel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  if (!TM.getTargetTriple().isNVPTX())
    addThreadLoopGuardSplitting(PB);
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
}

} // namespace pykc::codegen
