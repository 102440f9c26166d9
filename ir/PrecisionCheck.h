//===- PrecisionCheck.h - float64 arithmetic in float32 kernels -*- C++ -*-===//
///
/// \file
/// Numba types a float literal as float64 and float32 combined with an
/// integer as float64 (NumPy's rules), so the documents' `tmp = 0.` before
/// `tmp += A[i, k] * B[k, j]` makes a float32 matrix product accumulate in
/// float64: correct, but 2 to 64 times slower depending on the GPU, and
/// easy to miss. This check finds such arithmetic in functions whose
/// floating-point data is all float32, and warns once per cause (the
/// literal, the integer, or the variable's first value) with the fix.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"

namespace pykc::ir {

/// Reports a Float64Promotion warning for each cause in \p IR's functions.
void checkFloat64Promotion(const Module &IR, const frontend::SourceFile *File,
                           frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
