//===- BarrierCheck.h - Barriers some threads of a block skip ---*- C++ -*-===//
///
/// \file
/// cuda.syncthreads() (and syncthreads_count/and/or, and the grid's sync())
/// under an `if`, `while` or `for` whose condition or trip count depends on
/// the thread index is reached by some threads only. Numba compiles it and
/// real kernels rely on it (a reduction under `if tid < size:`, a barrier in
/// a grid-stride loop): on sm_70+ a block's barrier opens once every thread
/// of the block that has not exited waits at a barrier, any barrier. So the
/// skipping threads are harmless when they leave the kernel, and the check
/// warns only when they can reach another barrier first (after the
/// condition, in a later turn of a loop, in a device function called later,
/// or back in a device function's caller): there they release the others'
/// barrier, and neither synchronizes as written.
///
/// "Depends on the thread index" is a data flow over the typed IR: values
/// of threadIdx, cuda.grid(), cuda.laneid, atomics (each thread gets another
/// old value) and warp operations, what is computed from them, variables
/// assigned from them or under such a condition, and device functions whose
/// result does. Array elements are not followed (data may well be uniform).
/// A `break`, `continue` or `return` under such a condition makes the code
/// after it thread-dependent too (a `return` from a kernel harmlessly: those
/// threads exit). "Can reach" is a may-path over the statements' structure.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"

namespace pykc::ir {

/// Reports a DivergentBarrier warning for each barrier, or call of a device
/// function that reaches one, under a thread-dependent condition whose
/// skipping threads can reach another barrier.
void checkDivergentBarriers(const Module &IR, const frontend::SourceFile *File,
                            frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
