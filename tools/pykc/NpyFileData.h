//===- NpyFileData.h - A .npy file's data, read where it is used -*- C++ -*-===//
///
/// \file
/// `pykc run`, `reduce` and `call` do not read a regular .npy file's data
/// when they read its header: they keep the file open and read the data
/// straight into the memory the kernel uses (the CPU device's guarded
/// allocation, or a GPU's through a small staging buffer), then compare that
/// memory with the file a chunk at a time to learn whether the kernel
/// changed it. No array is held twice, and the file is only ever replaced
/// through the temporary-and-rename path (OutputFiles.h).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace pykc::driver {

class NpyFileData {
public:
  /// The \p Bytes of data at \p Offset of the open file \p FD (duplicated,
  /// so the caller may close its own); nothing, with \p Error, if it
  /// cannot be duplicated.
  static std::shared_ptr<NpyFileData> open(int FD, uint64_t Offset, uint64_t Bytes,
                                           std::string &Error);
  NpyFileData(const NpyFileData &) = delete;
  NpyFileData &operator=(const NpyFileData &) = delete;
  ~NpyFileData();

  uint64_t size() const { return Bytes; }
  /// Reads the bytes \p From .. \p From + \p Count of the data into \p Dst.
  bool read(uint64_t From, void *Dst, uint64_t Count, std::string &Error) const;
  /// Whether \p Count bytes at \p Mem differ from the data at \p From
  /// (also true when the file can no longer be read as it was).
  bool differs(uint64_t From, const void *Mem, uint64_t Count) const;

private:
  NpyFileData() = default;
  int FD = -1;
  uint64_t Offset = 0, Bytes = 0;
};

} // namespace pykc::driver
