//===- Suggest.h - "did you mean" spellings ----------------------*- C++ -*-===//
///
/// \file
/// The nearest known spelling of a misspelled name, for the "did you mean"
/// hints of diagnostics and usage errors, as clang and rustc give them.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend {

/// The edit distance between \p A and \p B (insertions, deletions,
/// substitutions and swaps of neighbours, one each), or a number above
/// \p Limit once it is sure to exceed it. O(|A| * |B|) time, O(|B|) memory.
unsigned editDistance(std::string_view A, std::string_view B, unsigned Limit);

/// The candidate nearest to \p Word: the one that equals it ignoring case,
/// else the one at the smallest edit distance when that is at most a third
/// of \p Word's length (at least 1); "" when none is near. Ties go to the
/// first candidate. Linear in the candidates.
std::string nearestSpelling(std::string_view Word, const std::vector<std::string> &Candidates);

} // namespace pykc::frontend
