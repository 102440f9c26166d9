//===- HostCheck.h - What @njit functions cannot use on the host -*- C++ -*-===//
///
/// \file
/// An @njit function is compiled with the kernel language, so that kernels
/// can call it as a device function (Numba's CUDA target allows that). Run
/// on the host, the CUDA part of that language does not exist: thread
/// indices, barriers, warp operations, shared and local arrays, atomics and
/// printf-style intrinsics of `cuda.*`. Numba's CPU target rejects them; so
/// does this check, for a host entry point and the functions it calls.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"
#include "ir/Sema.h"

namespace pykc::ir {

/// Reports a CudaInHostFunction error for each use of a CUDA intrinsic in
/// \p Entry or the functions it calls, and a HostReturnsArray error (at
/// \p NameRange, the def's name) when it returns an array; false if there
/// was one.
bool checkHostEntry(const Function &Entry, const frontend::SourceFile *File,
                    frontend::DiagnosticEngine &Diags, frontend::SourceRange NameRange = {});

/// The pass: checkHostEntry for each host entry of \p Result. One that
/// fails stops being a host entry.
void checkHostEntries(SemaResult &Result, frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
