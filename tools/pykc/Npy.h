//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
///
/// \file
/// Reads NumPy's .npy format (versions 1.0 to 3.0): the dtype, shape and
/// memory order from the header, the data as bytes. Writing back keeps the
/// original header (NpyArray::Header, then Data), so the file stays exactly
/// what NumPy wrote apart from its data.
///
/// The files come from anywhere, so reading is strict: the header dict is
/// parsed as a literal (NpyHeader.h), the dtype comes from a closed list,
/// the data's size is computed with overflow checks and must match the file
/// exactly, and no more than MaxNpyDataBytes are read.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "NpyFileData.h"
#include "NpyHeader.h"

#include <memory>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::driver {

/// The most array data pykc reads from one .npy file.
inline constexpr uint64_t MaxNpyDataBytes = uint64_t(16) << 30;
/// The longest header pykc reads, as np.load's default max_header_size.
inline constexpr uint64_t MaxNpyHeaderBytes = 10000;

struct NpyArray {
  /// Numba's name: "float32", "int64", "bool", ...; "record" for a
  /// structured dtype, whose fields are Fields.
  std::string Dtype;
  uint64_t ItemSize = 0;
  /// Each dimension is at most INT64_MAX, and ItemSize times the product of
  /// the nonzero dimensions fits in an int64_t (as NumPy requires), so
  /// strides and the element count cannot overflow.
  std::vector<int64_t> Shape;
  bool FortranOrder = false;
  std::string Header; ///< Everything before the data, as read.
  /// A regular file's data, read only where it is used (NpyFileData.h);
  /// else the data itself, read (pipes, devices, memory).
  std::shared_ptr<NpyFileData> File;
  std::vector<uint8_t> Data;
  /// What the kernel left, for the write-back: memory the command keeps
  /// until then (a device's allocation on the CPU, or Data).
  std::string_view NewData;
  std::vector<NpyField> Fields; ///< A structured dtype's fields.

  int64_t elementCount() const;
  uint64_t byteCount() const { return File ? File->size() : Data.size(); }
  /// Reads File's data into Data, for commands that want it in memory.
  bool load(std::string &Error);
  /// Reads the data into \p Dst (byteCount() bytes).
  bool readInto(void *Dst, std::string &Error) const;
  /// Whether the \p Count bytes at \p Mem differ from the data at \p From.
  bool differs(uint64_t From, const void *Mem, uint64_t Count) const;
};

/// Whether readNpy reads a regular file's data (into Data) or leaves it in
/// the file to be read where it is used (File).
enum class NpyData { Read, Defer };

/// Reads \p Path; on failure returns nothing and sets \p Error to what is
/// wrong with the file (without its name: the caller says which file).
std::optional<NpyArray> readNpy(const std::string &Path, std::string &Error,
                                NpyData How = NpyData::Read);

/// The same for a whole file's bytes in memory.
std::optional<NpyArray> decodeNpy(std::string_view Bytes, std::string &Error);

/// The Numba name and size of the scalar a NumPy type string such as
/// "<f4" or "|b1" names; false (with \p Error) for one kernels cannot take.
bool scalarOfDescr(const std::string &Descr, std::string &Name, unsigned &Size,
                   std::string &Error);

} // namespace pykc::driver
