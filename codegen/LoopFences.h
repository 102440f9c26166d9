//===- LoopFences.h - Bounding MemorySSA's walks in many-loop kernels -*- C++ -*-===//
///
/// \file
/// When LICM hoists a load out of a loop, or LoopRotate copies a header
/// into its preheader, LLVM 19's MemorySSA updater looks for the memory
/// state reaching the new place by walking up the CFG to the nearest block
/// that writes memory. A kernel whose loops only read (`for t in range(3):
/// s += a[i] * t`, 500 times) has no such block before the first loop, so
/// every loop walks back over all the loops before it: 500 loops took 1.4 s
/// of LICM for PTX and 5 s on the CPU backend, 1,000 loops four to six
/// times that.
///
/// In functions of many loops, a fence (a call of llvm.sideeffect, which
/// writes only memory nothing else can read) goes before each loop, where
/// those walks then stop; alias analysis knows it touches no array, so no
/// load is kept from moving past it. The fences go again before the
/// vectorizers, which see the code as it would have been without them.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <llvm/IR/PassManager.h>

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace pykc::codegen {

/// Functions with more loops than this get fences: below it the walks are
/// short and the code stays exactly as LLVM's pipeline makes it.
inline constexpr unsigned LoopFenceThreshold = 32;

/// The function \p Loops describes has more than LoopFenceThreshold loops.
bool hasManyLoops(const llvm::LoopInfo &Loops);

/// Puts a fence at the end of each block that enters a loop from outside,
/// in functions with more than LoopFenceThreshold loops.
struct InsertLoopFencesPass : llvm::PassInfoMixin<InsertLoopFencesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// Erases the fences InsertLoopFencesPass put in (and only those).
struct RemoveLoopFencesPass : llvm::PassInfoMixin<RemoveLoopFencesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

} // namespace pykc::codegen
