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
  std::vector<unsigned> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = unsigned(J);
  for (size_t I = 1; I <= A.size(); ++I) {
    unsigned Diagonal = Row[0];
    Row[0] = unsigned(I);
    unsigned Best = Row[0];
    for (size_t J = 1; J <= B.size(); ++J) {
      unsigned Above = Row[J];
      Row[J] = std::min({Above + 1, Row[J - 1] + 1, Diagonal + (A[I - 1] == B[J - 1] ? 0u : 1u)});
      Diagonal = Above;
      Best = std::min(Best, Row[J]);
    }
    if (Best > Limit)
      return Limit + 1;
  }
  return Row[B.size()];
}

std::string nearestSpelling(std::string_view Word, const std::vector<std::string> &Candidates) {
  for (const std::string &C : Candidates)
    if (C != Word && equalIgnoringCase(C, Word))
      return C;
  unsigned Limit = std::max<unsigned>(1, unsigned(Word.size() / 3));
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
  return BestDistance <= Limit ? Best : std::string();
}

} // namespace pykc::frontend
