//===- Optimize.h - LLVM's optimization pipeline ----------------*- C++ -*-===//
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace pykc::codegen {

/// Runs LLVM's default module pipeline for -O\p OptLevel (0..3), with the
/// target's own passes (NVVMReflect and address-space inference on NVPTX).
void runOptimizationPipeline(llvm::Module &M, llvm::TargetMachine &TM, unsigned OptLevel);

} // namespace pykc::codegen
