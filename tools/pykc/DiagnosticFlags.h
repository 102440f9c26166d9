//===- DiagnosticFlags.h - -w, -W..., -ferror-limit on every command -*- C++ -*-===//
///
/// \file
/// Warning control as clang spells it, by the `[Kind]` names pykc prints
/// (frontend/Diagnostic.def) or their kebab-case form:
///   -w                     show no warning
///   -Werror                make every warning an error (-Wno-error undoes it)
///   -W<Kind>, -Wno-<Kind>  turn one warning kind on or off
///   -Werror=<Kind>         make one warning kind an error (-Wno-error=<Kind>)
///   -Wall                  every warning kind on (DiagnosticOptions::AllWarnings);
///                          the option table sends -Wall to ModuleFlags::WarnAll
///                          instead, as the commands always did
///   -ferror-limit=N        show the first N errors (default 20; 0: all)
/// Every command (compile, -c, run, reduce, call) takes them; ArgParser.h
/// finds them by OptionTable.def's rows and SharedOptions.cpp calls this.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"

#include <string>

namespace pykc::driver {

/// If \p Arg is one of the flags above, records it in \p Options and
/// returns true; sets \p Error for an unknown kind (with the nearest
/// known one), a kind that is not a warning, or a bad limit.
bool parseDiagnosticFlag(const std::string &Arg, frontend::DiagnosticOptions &Options,
                         std::string &Error);

} // namespace pykc::driver
