//===- NpyHeader.h - The dict in a .npy header ------------------*- C++ -*-===//
///
/// \file
/// A .npy header is the text of a Python dict literal, which NumPy reads
/// with ast.literal_eval:
///
///   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
///
/// This parser takes the literals that can spell such a dict (strings,
/// integers, True/False/None, tuples, lists) and nothing else: no
/// expressions, comments, '_' in numbers or leading zeros. It then checks
/// what NumPy checks: exactly the three keys, each once, 'fortran_order' a
/// bool, 'shape' a tuple of integers. On top of NumPy it refuses what a
/// kernel cannot use: negative dimensions and dimensions above INT64_MAX.
/// A structured array's 'descr' is a list of fields, each (name, format)
/// or (name, format, shape), a format being a type string or, for a nested
/// record, another such list; unnamed void fields ('', '|V4') are padding.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::driver {

/// One field of a structured dtype, at its byte offset in the record.
struct NpyField {
  std::string Name;
  uint64_t Offset = 0;
  /// Numba's name of a scalar field ("float64"), or empty for a nested
  /// record, whose fields are Fields and whose size is RecordSize.
  std::string Dtype;
  std::vector<NpyField> Fields;
  uint64_t RecordSize = 0;
  std::vector<int64_t> Shape; ///< A subarray's shape; empty for one value.
};

/// The most bytes one record may take, and fields it may have in all.
inline constexpr uint64_t MaxNpyRecordBytes = uint64_t(1) << 30;

struct NpyHeaderDict {
  std::string Descr; ///< As written, e.g. "<f4"; checked by the caller.
  /// A structured dtype (Descr empty): its fields and itemsize.
  std::vector<NpyField> Fields;
  uint64_t RecordSize = 0;
  bool FortranOrder = false;
  std::vector<int64_t> Shape;
};

/// Parses the header text (the bytes after the length field, padding and
/// newline included). On failure returns nothing and sets \p Error, e.g.
/// "the .npy header's shape (-4,) has a negative dimension".
std::optional<NpyHeaderDict> parseNpyHeaderDict(std::string_view Text, std::string &Error);

/// A shape as Python prints a tuple: "()", "(3,)", "(3, 4)".
std::string shapeText(const std::vector<int64_t> &Shape);

} // namespace pykc::driver
