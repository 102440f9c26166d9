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
/// of \p Word's length, as clang's typo correction has it (so a word of one
/// or two characters gets no guess: 'q' is not a misspelt 'a'); "" when
/// none is near. Ties go to the first candidate. Linear in the candidates.
std::string nearestSpelling(std::string_view Word, const std::vector<std::string> &Candidates);

/// "; did you mean 'NEAR'?" for nearestSpelling's NEAR, with \p Prefix
/// before it ("cuda." gives 'cuda.syncthreads'), or "" when none is near:
/// the tail diagnostics append to their message.
std::string didYouMean(std::string_view Word, const std::vector<std::string> &Candidates,
                       std::string_view Prefix = "");

} // namespace pykc::frontend
