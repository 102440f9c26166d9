//===- SignatureGuess.h - A signature guessed from a kernel's body -*- C++ -*-===//
//
// A kernel without a signature is not compiled; the warning says which
// signature to add, guessed from how the body uses each parameter. The
// fuzzers type signature-less kernels with the same guess.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

#include <string>
#include <vector>

namespace pykc::ir {

/// Per parameter of \p Def, the dimensions of the array it is used as
/// (`p[i, j]` 2, `p.shape[2]` at least 3, `p[i]`, `len(p)` or `p.size` 1),
/// or 0 when it is never used as an array (a scalar).
std::vector<unsigned> guessArrayDims(const frontend::FunctionDefStmt &Def);

/// The guess as `--sig` text: `name(float32[:, :], int64)`.
std::string guessSignatureText(const frontend::FunctionDefStmt &Def, const std::string &Name);

} // namespace pykc::ir
