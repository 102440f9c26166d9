//===- InputFile.h - Reading the files pykc is given ------------*- C++ -*-===//
///
/// \file
/// Input files are opened once and read with limits: a directory is refused
/// by name, a regular file's size is checked before anything is allocated,
/// and a device or FIFO (/dev/zero, a pipe) is read only as far as the
/// caller asks, never to its end.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pykc::driver {

/// The most pykc reads of one Python source file.
inline constexpr uint64_t MaxSourceBytes = uint64_t(64) << 20;

class InputFile {
public:
  InputFile() = default;
  InputFile(const InputFile &) = delete;
  InputFile &operator=(const InputFile &) = delete;
  ~InputFile();

  /// Opens \p Path ("-": standard input) for reading. On failure, isDirectory() or errorText()
  /// says why.
  bool open(const std::string &Path);
  bool isDirectory() const { return Directory; }
  /// strerror() of the last failure.
  std::string errorText() const;

  /// Whether the file is a regular file, whose size() is then known.
  bool isRegular() const { return Regular; }
  uint64_t size() const { return Size; }
  int descriptor() const { return FD; }

  /// Reads up to \p N bytes into \p Buffer; \p Got is less than \p N only
  /// at the end of the file. Retries interrupted and short reads.
  bool read(void *Buffer, size_t N, size_t &Got);

  /// Whether a read would return at once (a byte or the end) within
  /// \p TimeoutMs; always true for a regular file.
  bool readableWithin(int TimeoutMs);

  /// Whether the file has no byte left (reads at most one more); false on a
  /// read error.
  bool atEnd(bool &End);

private:
  int FD = -1;
  bool Regular = false;
  uint64_t Size = 0;
  bool Directory = false;
  int ErrorNumber = 0;
};

/// Reads all of \p Path ("-": standard input), refusing a directory and anything larger than
/// MaxSourceBytes. Errors name the file: "'x.py' is a directory, not a Python
/// file", "cannot open 'x.py': No such file or directory".
bool readSourceFile(const std::string &Path, std::string &Text, std::string &Error);

} // namespace pykc::driver
