//===- Suggest.cpp --------------------------------------------------------===//
#include "frontend/Suggest.h"

#include <algorithm>
#include <cctype>

namespace pykc::frontend {

namespace {
char lower(char C) { return char(std::tolower(static_cast<unsigned char>(C))); }

bool equalIgnoringCase(std::string_view A, std::string_view B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), [](char X, char Y) { return lower(X) == lower(Y); });
}
} // namespace

unsigned editDistance(std::string_view A, std::string_view B, unsigned Limit) {
  size_t Diff = A.size() > B.size() ? A.size() - B.size() : B.size() - A.size();
  if (Diff > Limit)
    return Limit + 1;
  // Three rows: a swap of two neighbours ("gird" for "grid") costs one.
  std::vector<unsigned> Older(B.size() + 1), Prev(B.size() + 1), Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Prev[J] = unsigned(J);
  for (size_t I = 1; I <= A.size(); ++I) {
    Row[0] = unsigned(I);
    unsigned Best = Row[0];
    for (size_t J = 1; J <= B.size(); ++J) {
      Row[J] = std::min({Prev[J] + 1, Row[J - 1] + 1, Prev[J - 1] + (A[I - 1] == B[J - 1] ? 0u : 1u)});
      if (I > 1 && J > 1 && A[I - 1] == B[J - 2] && A[I - 2] == B[J - 1])
        Row[J] = std::min(Row[J], Older[J - 2] + 1);
      Best = std::min(Best, Row[J]);
    }
    if (Best > Limit)
      return Limit + 1;
    std::swap(Older, Prev);
    std::swap(Prev, Row);
  }
  return Prev[B.size()];
}

std::string nearestSpelling(std::string_view Word, const std::vector<std::string> &Candidates) {
  for (const std::string &C : Candidates)
    if (C != Word && equalIgnoringCase(C, Word))
      return C;
  unsigned Limit = unsigned(Word.size() / 3);
  std::string Best;
  unsigned BestDistance = Limit + 1;
  for (const std::string &C : Candidates) {
    if (C == Word)
      continue;
    unsigned D = editDistance(Word, C, std::min(Limit, BestDistance - 1 + 0u));
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  return Limit && BestDistance <= Limit ? Best : std::string();
}

std::string didYouMean(std::string_view Word, const std::vector<std::string> &Candidates,
                       std::string_view Prefix) {
  std::string Near = nearestSpelling(Word, Candidates);
  return Near.empty() ? std::string() : "; did you mean '" + std::string(Prefix) + Near + "'?";
}

} // namespace pykc::frontend
