//===- TempFiles.h - Temporary files for the tools pykc runs ----*- C++ -*-===//
//
// The driver hands files to external programs (ptxas, fatbinary,
// clang-format) through a private temporary directory that disappears with
// everything in it, and reads back what they wrote.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "SignalCleanup.h"

#include <llvm/ADT/SmallString.h>

#include <string>

namespace pykc::driver {

/// A temporary directory removed with everything in it when this dies, or
/// on Ctrl-C (SignalCleanup.h).
class TempDir {
public:
  TempDir() = default;
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir();
  /// Creates it, named after \p Prefix; false with \p Error when it cannot.
  bool create(const char *Prefix, std::string &Error);
  /// The path of \p Name inside it.
  std::string file(const std::string &Name) const;

private:
  llvm::SmallString<256> Path;
  CleanupRegistration Cleanup;
};

/// Writes \p Data to \p Path (binary); false when it cannot.
bool writeFile(const std::string &Path, const std::string &Data);
/// Reads all of \p Path into \p Data (binary); false when it cannot.
bool readFile(const std::string &Path, std::string &Data);

} // namespace pykc::driver
