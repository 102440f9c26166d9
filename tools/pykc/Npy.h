//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
///
/// \file
/// Reads and writes NumPy's .npy format (versions 1.0 to 3.0): the dtype,
/// shape and memory order from the header, the data as bytes. Writing back
/// keeps the original header, so the file stays exactly what NumPy wrote
/// apart from its data.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

struct NpyArray {
  std::string Dtype; ///< Numba's name: "float32", "int64", "bool", ...
  unsigned ItemSize = 0;
  std::vector<int64_t> Shape;
  bool FortranOrder = false;
  std::string Header; ///< Everything before the data, as read.
  std::vector<uint8_t> Data;

  int64_t elementCount() const;
};

/// Reads \p Path; on failure returns nothing and sets \p Error to what is
/// wrong with the file.
std::optional<NpyArray> readNpy(const std::string &Path, std::string &Error);

/// Writes \p A to \p Path. Returns false and sets \p Error on failure.
bool writeNpy(const std::string &Path, const NpyArray &A, std::string &Error);

} // namespace pykc::driver
