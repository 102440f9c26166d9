//===- CPUThreadLoop.h - A block's threads as loops LLVM vectorizes -*- C++
//-*-===//
///
/// \file
/// SYM__cpu_blocks (CpuABI.h): a run of whole blocks in one call, for
/// kernels that never make their threads meet. The blocks and their threads
/// become a loop nest (blocks, then z, y and x innermost) whose indices are
/// induction variables, so LLVM hoists what is uniform and its loop
/// vectorizer runs consecutive threads in SIMD lanes, as PoCL's work-group
/// functions and ISPC do.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/CPUBarrierFission.h"
#include "ir/IR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace pykc::codegen {

/// The attribute of a blocks entry whose fast copy calls its kernel with
/// noalias arrays; its value is the name of that kernel's clone, the
/// domain of the scopes the inliner makes of them.
inline constexpr const char *DisjointArraysAttribute = "pykc-disjoint-arrays";

/// The kernel's flattened parameters, loaded from a cuLaunchKernel-style
/// array of pointers (KernelABI.h); the trailing context is not included.
std::vector<llvm::Value *> loadKernelArguments(llvm::IRBuilder<> &B,
                                               llvm::Value *Args,
                                               llvm::Function &Kernel);

/// Emits SYM__cpu_blocks(void **args, ctx, first, count) for \p Kernel, the
/// LLVM function of \p F. Without \p Fission the kernel must not reach a
/// barrier or warp operation, and each block's threads are loops; with it
/// (the kernel has barriers: CPUBarrierFission.h) each block is one call
/// of Fission->Block.
void emitBlocksEntry(llvm::Module &M, llvm::Function &Kernel,
                     const ir::Function &F,
                     const FissionedKernel *Fission = nullptr);

} // namespace pykc::codegen
