//===- LiteralPowers.h - `**` of number literals, as CPython folds it -*- C++ -*-===//
///
/// \file
/// CPython's compiler folds an operator whose operands are literals before
/// Numba sees the bytecode, so `3 ** -2` reaches a kernel as 0.111..., a
/// float, where Numba's own integer power would give 0, and `0.3 ** 13` as
/// libm's pow, where Numba multiplies. `**` is the one operator whose folded
/// value differs from what the kernel would compute, so it is the one
/// folded here: to a literal of the value Python computes, where Python
/// would fold it (no error, a float, or an int that fits in 64 bits).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

namespace pykc::frontend {

/// Replaces each `a ** b` of number literals (signs and nested literal
/// powers included) in \p M by the literal CPython would compile.
void foldLiteralPowers(Module &M, ASTContext &Ctx);

} // namespace pykc::frontend
