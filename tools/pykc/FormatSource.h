//===- FormatSource.h - clang-format for --emit=cuda ------------*- C++ -*-===//
#pragma once

#include <string>

namespace pykc::driver {

/// \p Text formatted by clang-format (LLVM style, 100 columns, comments
/// kept as they are), for stable diffs of --emit=cuda output. The program
/// is $PYKC_CLANG_FORMAT when set ("none" turns formatting off), else
/// clang-format-19 or clang-format on PATH; without one, or when it fails,
/// the text comes back unchanged.
std::string formatCudaSource(const std::string &Text);

} // namespace pykc::driver
