//===- Optimize.h - LLVM's optimization pipeline ----------------*- C++ -*-===//
#pragma once

#include <functional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace pykc::codegen {

/// Receives, once the pipeline is done, each LLVM pass's own time in
/// seconds (without the passes it ran inside it; with the analyses it
/// asked for), summed over its runs: where -v says the time went.
using PassTimeSink = std::function<void(const std::string &Pass, double Seconds)>;

/// Runs LLVM's default module pipeline for -O\p OptLevel (0..3), with the
/// target's own passes (NVVMReflect and address-space inference on NVPTX),
/// the CPU backend's for its thread loops, and fences in functions of many
/// loops (LoopFences.h); with \p Times, timing every pass.
void runOptimizationPipeline(llvm::Module &M, llvm::TargetMachine &TM, unsigned OptLevel,
                             const PassTimeSink &Times = {});

} // namespace pykc::codegen
