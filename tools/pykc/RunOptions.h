//===- RunOptions.h - The command line of `pykc run` ------------*- C++ -*-===//
///
/// \file
/// Parses `pykc run FILE.py KERNEL --grid G --block B [options] ARG...` and
/// its scalar arguments. Every number is range-checked for the type it ends
/// up in: a --grid above 2^32-1, an `int8:300` or a `float32:1e300` is an
/// error naming the value, never a wrap or an infinity.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "DiagnosticFlags.h"
#include "ModuleFlags.h"

#include <pykc/Device.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

struct RunOptions {
  std::string File, Kernel;
  Dim3 Grid, Block;
  std::string Backend = "auto";
  ModuleFlags Modules; ///< -D, -I
  frontend::DiagnosticOptions Diagnostics; ///< -w, -W..., -ferror-limit
  uint64_t SharedBytes = 0;
  unsigned OptLevel = 3;
  bool Fmad = true; ///< --fmad=true|false
  bool BoundsCheck = false; ///< --boundscheck
  bool Check = false;       ///< --check: on the CPU backend, instrumented
  unsigned TimedLaunches = 0; ///< --time N: launch N more times and report.
  std::vector<std::string> Args;
};

/// Parses the arguments after "run". Sets \p Help for --help; on a usage
/// error returns nothing and sets \p Error (without "pykc: error: ").
std::optional<RunOptions> parseRunOptions(int Argc, char **Argv, std::string &Error, bool &Help);

/// A scalar argument: 5 (int64), 2.5 (float64) or TYPE:VALUE.
struct ScalarArgument {
  std::string Type;  ///< Numba's name: "int32", "float32", "bool", ...
  uint64_t Bits = 0; ///< The value in its type's representation.
  /// A complex's imaginary part, in its float type's (Bits is the real).
  uint64_t ImagBits = 0;
};

/// Parses a scalar argument; on failure sets \p Error, e.g. "300 does not
/// fit in int8".
std::optional<ScalarArgument> parseScalar(const std::string &Text, std::string &Error);

} // namespace pykc::driver
