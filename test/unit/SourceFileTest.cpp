//===- SourceFileTest.cpp - Offsets to lines and columns ------------------===//
#include "frontend/SourceManager.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace pykc::frontend;

namespace {

/// A file of 40 lines of different lengths, blank ones and a CRLF among
/// them.
std::string sampleText() {
  std::string Text;
  for (int I = 0; I < 40; ++I) {
    Text += std::string(size_t(I % 7), 'x');
    Text += I == 13 ? "\r\n" : "\n";
  }
  return Text + "tail";
}

void expectSame(const SourceLocation &Hinted, const SourceLocation &Searched, uint32_t Offset) {
  EXPECT_EQ(Hinted.Offset, Searched.Offset) << "offset " << Offset;
  EXPECT_EQ(Hinted.Line, Searched.Line) << "offset " << Offset;
  EXPECT_EQ(Hinted.Column, Searched.Column) << "offset " << Offset;
}

TEST(SourceFile, HintedLocationsMatchTheSearchForward) {
  SourceFile F("k.py", sampleText());
  uint32_t Line = 0;
  for (uint32_t Offset = 0; Offset <= F.text().size() + 3; ++Offset) {
    SourceLocation L = F.locationOf(Offset, Line);
    expectSame(L, F.locationOf(Offset), Offset);
    EXPECT_EQ(Line + 1, L.Line) << "the hint is left at the offset's line";
  }
}

TEST(SourceFile, HintedLocationsMatchTheSearchBackwardAndByJumps) {
  SourceFile F("k.py", sampleText());
  uint32_t Size = uint32_t(F.text().size());
  // Backward, far forward (past the few lines the hint scans), and a hint
  // past the last line.
  std::vector<uint32_t> Offsets = {Size, 0, Size - 1, 5, 100, 3, Size + 10, 50, 49, 120, 7};
  uint32_t Line = 1000;
  for (uint32_t Offset : Offsets)
    expectSame(F.locationOf(Offset, Line), F.locationOf(Offset), Offset);
}

TEST(SourceFile, EmptyFileHasLineOne) {
  SourceFile F("k.py", "");
  uint32_t Line = 3;
  SourceLocation L = F.locationOf(0, Line);
  EXPECT_EQ(L.Line, 1u);
  EXPECT_EQ(L.Column, 1u);
  EXPECT_EQ(Line, 0u);
}

} // namespace
