//===- CrashHandler.h - Internal errors end in status 70 --------*- C++ -*-===//
///
/// \file
/// pykc's exit statuses are 0 (success), 1 (an error in the input), 2 (a
/// usage error) and 70, sysexits' EX_SOFTWARE, for an internal compiler
/// error. Nothing ends pykc with a signal of its own making: PYKC_ICE, an
/// LLVM fatal error and any other abort() all print one line starting
/// "pykc: internal compiler error: " and exit 70, and main() turns an
/// exception that reaches it into the same (or into "pykc: error: out of
/// memory", exit 1, for std::bad_alloc).
///
//===----------------------------------------------------------------------===//
#pragma once

namespace pykc::driver {

/// EX_SOFTWARE in <sysexits.h>.
inline constexpr int ExitInternalError = 70;

/// Installs the SIGABRT handler and LLVM's fatal error handler, and watches
/// std::cerr so that an abort() right after an internal error's message
/// (PYKC_ICE prints one, then aborts) does not print a second one. Call
/// once, first thing in main().
void installCrashHandlers();

} // namespace pykc::driver
