//===- BarrierCheck.h - Barriers some threads of a block skip ---*- C++ -*-===//
///
/// \file
/// cuda.syncthreads() (and syncthreads_count/and/or) must be reached by
/// every thread of a block. One under an `if`, `while` or `for` whose
/// condition or trip count depends on the thread index is reached by some
/// threads only: on a GPU the others hang or the results are undefined, on
/// the CPU backend the launch fails. This check rejects it at compile time.
///
/// "Depends on the thread index" is a data flow over the typed IR: values
/// of threadIdx, cuda.grid(), cuda.laneid, atomics (each thread gets another
/// old value) and warp operations, what is computed from them, variables
/// assigned from them or under such a condition, and device functions whose
/// result does. Array elements are not followed (data may well be uniform),
/// nor is an early `return` before a barrier: a GPU does not wait for
/// threads that have exited, nor does the CPU backend, and the documents'
/// fast_matmul returns so.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"

namespace pykc::ir {

/// Reports a DivergentBarrier error for each barrier, or call of a device
/// function that reaches one, under a thread-dependent condition.
void checkDivergentBarriers(const Module &IR, const frontend::SourceFile *File,
                            frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
