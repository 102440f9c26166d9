//===- RangeVariables.h - `r = range(...)` held in a local ------*- C++ -*-===//
///
/// \file
/// Numba types `r = range(a, b, c)` as a range object (range_state32 or
/// range_state64) that loops iterate, `len()` measures and `.start`,
/// `.stop`, `.step` read. Used only so, such a local is the three values it
/// holds: each `r = range(...)` becomes assignments of its arguments to
/// `r.start`, `r.stop`, `r.step` (names no program can write), evaluated
/// where the range was made, as Python evaluates them, and each use is
/// rewritten over them: `for i in r` to `for i in range(r.start, r.stop,
/// r.step)` (the same typing as the range written in the loop), `len(r)` to
/// `len(range(r.start, r.stop, r.step))`, an attribute to its value. A local used any other
/// way (passed on, returned, indexed, iterated by `enumerate`, read by a
/// nested function, bound otherwise, or made with different numbers of
/// arguments) is left as written, and typing says what is not supported.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

namespace pykc::frontend {

/// Rewrites the range-valued locals of every function in \p M.
void splitRangeVariables(Module &M, ASTContext &Ctx);

} // namespace pykc::frontend
