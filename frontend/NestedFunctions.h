//===- NestedFunctions.h - Functions defined inside functions ---*- C++ -*-===//
///
/// \file
/// A `def` (or a `name = lambda ...:`) inside a module-level function, as
/// Numba inlines such closures: lifted out to a module-level function named
/// by Python's qualified name (`outer.<locals>.inner`), right after the
/// function it was in, whose parameters gain the outer function's variables
/// it reads. Each call in the outer function passes them by keyword, so a
/// call reads their values when it runs, as Python's closures do.
///
/// What is not lifted stays as written, for the checker to refuse (the def
/// says why, NotLiftedBecause): a nested function with decorators, `*args`,
/// keyword-only parameters, or nested functions of its own; one whose name
/// the outer function binds twice; one that reads the outer function's
/// variables and is used other than by a call (passed as a value, its reads
/// would be lost); and a lambda that is not assigned to a name.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

namespace pykc::frontend {

/// Lifts the nested functions of \p M's module-level functions that Numba
/// compiles (decorated, or passed to a call at module level).
void liftNestedFunctions(Module &M, ASTContext &Ctx);

} // namespace pykc::frontend
