//===- Optimize.cpp -------------------------------------------------------===//
#include "codegen/Optimize.h"

#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Target/TargetMachine.h>

namespace pykc::codegen {

using namespace llvm;

void runOptimizationPipeline(Module &M, TargetMachine &TM, unsigned OptLevel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
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
