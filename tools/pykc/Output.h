//===- Output.h - Errors and output files of the pykc command ---*- C++ -*-===//
#pragma once

#include <exception>
#include <string>

namespace pykc::driver {

/// Prints "pykc: error: MESSAGE" and returns exit status 1.
int fail(const std::string &Message);
/// The same for an exception's message, without the runtime's "pykc: ".
int fail(const std::exception &E);

/// Whether writing \p Output ("-": stdout) would overwrite \p Input (symlinks
/// and hard links included).
bool overwritesInput(const std::string &Output, const std::string &Input);

/// Writes \p Data to \p Path ('-': stdout) as OutputFiles does, so a failed
/// write never leaves a half-written output behind. Refuses to overwrite
/// \p Input. Returns an exit status.
int writeOutputFile(const std::string &Path, const std::string &Data, const std::string &Input);

} // namespace pykc::driver
