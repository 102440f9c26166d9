//===- SharedOptions.h - The options several commands take ------*- C++ -*-===//
///
/// \file
/// -O, --fmad, -D, -I, the warning flags, --backend and --boundscheck mean
/// the same for every command that takes them (OptionTable.def's Commands
/// column); each command points these targets into its own options struct
/// and hands every parsed option here first.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ArgParser.h"
#include "DiagnosticFlags.h"
#include "ModuleFlags.h"

#include <string>

namespace pykc::driver {

/// Where the shared options go; null for what a command does not take.
struct SharedOptionTargets {
  unsigned *OptLevel = nullptr;
  bool *Fmad = nullptr;
  ModuleFlags *Modules = nullptr;
  frontend::DiagnosticOptions *Diagnostics = nullptr;
  std::string *Backend = nullptr;
  bool *BoundsCheck = nullptr;
};

/// Records \p P in \p T when it is a shared option and returns true (with
/// \p Error set for a bad value); returns false for a command's own.
bool applySharedOption(Command C, const ParsedOption &P, const SharedOptionTargets &T,
                       std::string &Error);

} // namespace pykc::driver
