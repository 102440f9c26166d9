//===- CudaSource.h - The typed IR as CUDA C++ source -----------*- C++ -*-===//
///
/// \file
/// `pykc FILE.py --emit=cuda`: one CUDA C++ translation unit per Python
/// file, printed from the typed IR. Each kernel is an `extern "C"
/// __global__` function named by its PTX symbol and taking the flattened
/// parameters of pykc/KernelABI.h; device functions are `__device__`
/// functions. Python's names and structure are kept, each statement has
/// its Python line above it as a comment, and Numba's semantics where C++
/// differs (floor division, modulo, negative indices, range loops) go
/// through small helpers at the top of the file. A construct that cannot be
/// emitted yet is an error naming it, never wrong code.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"

#include <string>

namespace pykc::codegen {

/// The CUDA source of \p IR, whose functions come from \p File, into
/// \p Out; false after reporting what cannot be emitted to \p Diags (which
/// also gets a warning for each kernel renamed because CUDA's headers have
/// its name).
bool emitCudaSource(const ir::Module &IR, const frontend::SourceFile &File,
                    frontend::DiagnosticEngine &Diags, std::string &Out);

} // namespace pykc::codegen
