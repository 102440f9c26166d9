//===- MemoryLimits.h - Shared and local memory a kernel needs --*- C++ -*-===//
///
/// \file
/// Every GPU caps a block's static shared memory at 48 KiB and a thread's
/// local memory at 512 KiB. This check adds up what each kernel needs, its
/// own arrays and those of every device function it reaches, and reports a
/// kernel over either limit at its largest array.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"

namespace pykc::ir {

/// Reports SharedMemoryLimit and LocalMemoryLimit errors for \p IR's kernels.
void checkMemoryLimits(const Module &IR, const frontend::SourceFile *File,
                       frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
