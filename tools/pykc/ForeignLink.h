//===- ForeignLink.h - Link files for the CPU backend -----------*- C++ -*-===//
///
/// \file
/// The CPU backend runs a kernel's foreign device functions (ir/
/// ForeignFunction.h) by compiling the .cu files that define them as C++
/// for the host: `clang++ -x c++ -std=c++17 -O2 -I<the .cu's folder>` (the
/// include path NVRTC gets too) with pykc's small header
/// that makes `__device__`, `__host__` and `__forceinline__` mean nothing
/// special (`__global__` is an error), to LLVM bitcode that the CPU backend
/// links into the kernels' module before optimizing (so foreign functions
/// can be inlined). Other link files (PTX, objects, ...) hold GPU code only:
/// an error for the CPU target alone.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"

#include <string>
#include <vector>

namespace pykc::driver {

/// The header pykc includes in every .cu it compiles for the host.
const char *foreignHostHeader();

/// Adds `--link FILE`s (paths as given, relative to the working folder) to
/// \p IR's link files; reports a missing one or an unknown extension.
/// False after errors.
bool addCommandLineLinks(ir::Module &IR, const std::vector<std::string> &Files,
                         frontend::DiagnosticEngine &Diags);

/// Compiles \p IR's .cu link files for the host into IR.HostBitcode when
/// its kernels call a foreign function. Reports, as errors for the CPU
/// target, a link file that is not .cu, one clang++ cannot compile (its
/// first error), and a called foreign function no link file defines.
/// False after errors.
bool compileHostLinks(ir::Module &IR, frontend::DiagnosticEngine &Diags);

} // namespace pykc::driver
