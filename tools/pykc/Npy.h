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

#include "NpyHeader.h"

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
  std::vector<uint8_t> Data;
  std::vector<NpyField> Fields; ///< A structured dtype's fields.

  int64_t elementCount() const;
};

/// Reads \p Path; on failure returns nothing and sets \p Error to what is
/// wrong with the file (without its name: the caller says which file).
std::optional<NpyArray> readNpy(const std::string &Path, std::string &Error);

/// The same for a whole file's bytes in memory.
std::optional<NpyArray> decodeNpy(std::string_view Bytes, std::string &Error);

/// The Numba name and size of the scalar a NumPy type string such as
/// "<f4" or "|b1" names; false (with \p Error) for one kernels cannot take.
bool scalarOfDescr(const std::string &Descr, std::string &Name, unsigned &Size,
                   std::string &Error);

} // namespace pykc::driver
