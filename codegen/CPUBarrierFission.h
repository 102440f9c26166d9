//===- CPUBarrierFission.h - Blocks with barriers, without fibers -*- C++ -*-===//
///
/// \file
/// A kernel whose threads meet only at cuda.syncthreads() can run a whole
/// block as loops over its threads instead of one fiber a thread: the code
/// is cut at each barrier into regions, and the block runs in rounds; each
/// round runs every live thread, in order, from the barrier it last reached
/// (or the kernel's start) up to its next barrier or return (loop fission
/// at barriers, as AdaptiveCpp's and PoCL's CPU compilers do). Values live
/// across a barrier and the threads' local memory move to arrays with an
/// element a thread. The order in which threads run is the fiber scheduler's
/// (CpuLauncher.h), so both give the same results, races included.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

namespace pykc::codegen {

/// Metadata on a load whose value is the same for every thread of a block
/// (what --check's inline path reads of the checker's state): fission loads
/// it once a block, before the threads run, when its address is as uniform.
inline constexpr const char *BlockUniformLoad = "pykc.block.uniform";
/// Metadata on a load whose value changes only between rounds of a
/// fissioned block's threads (the checker's barrier interval): it is loaded
/// once a round, when its address is uniform.
inline constexpr const char *RoundUniformLoad = "pykc.round.uniform";

/// The most bytes of per-thread variables a fissioned kernel may have: its
/// blocks entry keeps that times 1024 threads on the worker's stack.
constexpr uint64_t MaxFissionBytesPerThread = 1024;

struct FissionedKernel {
  /// KERNEL.block(params..., ctx): runs every thread of the block ctx
  /// describes (it sets ctx->thread_idx as each thread runs). null when the
  /// kernel cannot be fissioned and keeps its fibers.
  llvm::Function *Block = nullptr;
};

/// Builds the fissioned form of \p Kernel, which must reach
/// pykc_cpu_barrier. It is not built (Block is null) when the kernel meets
/// its threads other ways (warp operations, syncthreads_count, grid sync),
/// calls itself, or has more than MaxFissionBytesPerThread of variables.
/// \p Checked (a --check kernel's copy, codegen/CPUCheckFast.h): the block
/// calls pykc_check_block_begin(ctx) first and pykc_check_round(ctx,
/// states) after each round, states[t] being ~0u for a thread that returned.
FissionedKernel fissionAtBarriers(llvm::Module &M, llvm::Function &Kernel,
                                  bool Checked = false);

} // namespace pykc::codegen
