//===- ParallelLoops.h - prange loops of parallel host functions -*- C++ -*-===//
///
/// \file
/// In an @njit(parallel=True) function, each outermost prange loop becomes
/// a ParallelForExpr: its body moves into a new function that runs a range
/// of iterations, the loop's read-only values become that function's
/// arguments, and the scalars the loop reduces (Numba's rule: updated only
/// as `s += e`, `s -= e` or `s *= e`, read nowhere else in the loop) start
/// from their identity in each chunk and are combined afterwards. Any other
/// scalar the loop assigns and the function reads outside it would carry a
/// value from one iteration to another: that is an error.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"
#include "ir/Sema.h"
#include "ir/Type.h"

namespace pykc::ir {

/// Outlines \p F's prange loops into functions added to \p M; \p Threads is
/// the module's set_num_threads (0: none). False after an error.
bool outlineParallelLoops(Function &F, Module &M, TypeContext &Types, unsigned Threads,
                          const frontend::SourceFile *File, frontend::DiagnosticEngine &Diags);

/// The pass: outlines the prange loops of each parallel host entry of
/// \p Result. An entry whose loops cannot be outlined stops being one
/// (after its error), so later host checks pass it by.
void outlineParallelLoops(SemaResult &Result, TypeContext &Types, unsigned Threads,
                          frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
