//===- ModuleCheck.h - PYKC_CHECK=1 for objects of pykc -c ------*- C++ -*-===//
//
// A program run with PYKC_CHECK=1 launches the instrumented kernels that
// `pykc -c --check` puts in its objects beside the normal ones (ModuleABI.h,
// num_checked_kernels), prints what each checked launch found, and exits
// with status 1 at the end when anything was found. An object built
// without --check is refused with how to rebuild it.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_MODULECHECK_H
#define PYKC_RUNTIME_MODULECHECK_H

#include "pykc/ModuleABI.h"

namespace pykc::runtime {

/// Whether PYKC_CHECK=1 asks for \p M's checked kernels; throws when \p M
/// has none.
bool checkRequested(const pykc_module_image &M);
/// After a checked launch of \p Kernel: prints its reports and summary to
/// stderr when it found something, and makes the exit status 1.
void reportCheckedLaunch(const char *Kernel);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_MODULECHECK_H
