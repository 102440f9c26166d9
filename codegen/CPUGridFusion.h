//===- CPUGridFusion.h - A row of blocks' x threads as one loop -*- C++ -*-===//
///
/// \file
/// A kernel that finds its x position only as `cuda.grid()`'s x (block_idx.x
/// * block_dim.x + thread_idx.x) cannot tell one block's threads from the
/// next block's along x. For such a kernel the blocks entry (CPUThreadLoop.h)
/// runs the x threads of consecutive blocks of a grid row as one loop over
/// the grid's x: a 2-d stencil of 64-thread rows then runs rows as long as
/// the array's, which the loop vectorizer takes whole, instead of a vector
/// loop, its setup and its remainder every 64 elements.
///
/// Threads then run in another order (row y of every block of the run, then
/// row y + 1), which only a kernel whose threads meet could see; so the
/// clone is only made for kernels that cannot: no barrier or warp operation
/// (those are fissioned instead), no atomic or fence, and no call that
/// could observe the thread or the order (the runtime, prints, foreign
/// functions). Error reports (--boundscheck, memcheck, None used as a
/// value) may stay: they name their thread by the indices they are given,
/// computed from the grid's x on the error path, and the runtime keeps the
/// lowest thread's error, which is the same thread in either order.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <llvm/IR/Function.h>

namespace pykc::codegen {

/// \p Kernel (its last parameter the CPU context) again, with one more i64
/// parameter, the thread's x in the grid, which every `cuda.grid()` x of
/// \p Kernel reads instead of the context's thread_idx.x and block_idx.x.
/// Null (nothing added to the module) when \p Kernel reads those in any
/// other way, or could see the order its threads run in, or has no
/// `cuda.grid()` x to gain from.
llvm::Function *gridRowClone(llvm::Function &Kernel);

} // namespace pykc::codegen
