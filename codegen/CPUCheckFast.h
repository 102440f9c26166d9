//===- CPUCheckFast.h - Checked kernels that need no checker ----*- C++ -*-===//
//
// `pykc run --check` runs a kernel a thread a call and tells the checker of
// every access. Many kernels (saxpy, stencils, tiled matmuls) cannot race
// on global memory by construction: each array they write is indexed only
// by the thread's own cuda.grid() coordinates, the same ones at every
// access, and the others are only read. For such a kernel without local
// memory, atomics, warp operations or calls, the checker could only ever
// record its global accesses. This emits, beside the checked per-thread
// entry, a SYM__cpu_blocks entry of a copy of the kernel without those
// calls (bounds checks kept: memcheck). It asks the runtime first
// (pykc_check_fast_launch) whether the launch keeps the guarantee: no array
// argument overlaps one the kernel writes, nothing in them is unwritten
// device memory (initcheck), and the launch has no more dimensions than
// the cuda.grid() it indexes with; when not, it returns at once and the
// launch runs checked.
//
// A kernel with shared memory and cuda.syncthreads() keeps every check of
// its shared memory (races, initcheck, and synccheck at its barriers): its
// copy is fissioned at the barriers (CPUBarrierFission.h), so each block
// runs as loops over its threads instead of fibers, and tells the checker
// where each block and each round of its threads begins. Blocks are then
// independent, so the runtime runs them on every worker at once.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_CODEGEN_CPUCHECKFAST_H
#define PYKC_CODEGEN_CPUCHECKFAST_H

#include "ir/IR.h"

#include <llvm/IR/Module.h>

namespace pykc::codegen {

/// Emits SYM__cpu_blocks for the checked \p Kernel (the LLVM function of
/// \p F, before optimization) when no report can come from its global
/// accesses; else emits nothing.
void emitCheckedFastBlocks(llvm::Module &M, llvm::Function &Kernel, const ir::Function &F);

} // namespace pykc::codegen

#endif // PYKC_CODEGEN_CPUCHECKFAST_H
