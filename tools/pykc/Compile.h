//===- Compile.h - The whole pipeline, in order -----------------*- C++ -*-===//
#pragma once

#include "Options.h"

namespace pykc::driver {

/// Runs the phases in order -- read, tokenize and parse (frontend), resolve
/// and type (ir), emit LLVM IR, optimize and print PTX (codegen) -- stopping
/// at --emit. Returns the exit status: 0 success, 1 compile error.
int compile(const Options &O);

} // namespace pykc::driver
