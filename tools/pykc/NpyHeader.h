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
/// kernel cannot use: negative dimensions, dimensions above INT64_MAX, a
/// 'descr' that is not a string (structured arrays).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::driver {

struct NpyHeaderDict {
  std::string Descr; ///< As written, e.g. "<f4"; checked by the caller.
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
