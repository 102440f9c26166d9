//===- Output.h - Errors and output files of the pykc command ---*- C++ -*-===//
#pragma once

#include <string>

namespace pykc::driver {

/// Prints "pykc: error: MESSAGE" and returns exit status 1.
int fail(const std::string &Message);

/// Writes \p Data to \p Path ('-': stdout) through a temporary file renamed
/// over it, so a failed write never leaves a half-written output behind.
/// Refuses to overwrite \p Input. Returns an exit status.
int writeOutputFile(const std::string &Path, const std::string &Data, const std::string &Input);

} // namespace pykc::driver
