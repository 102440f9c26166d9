//===- DiagnosticEngineTest.cpp - Warning control and did-you-mean ---------===//
#include "frontend/Diagnostic.h"
#include "frontend/Suggest.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace pykc::frontend;

namespace {

SourceRange at(const SourceFile &F, uint32_t Begin, uint32_t End) {
  return {F.locationOf(Begin), F.locationOf(End)};
}

TEST(DiagnosticEngine, SameWarningAtOnePlaceIsShownOnce) {
  SourceFile F("k.py", "x = 0.\ny = 1.\n");
  std::ostringstream OS;
  DiagnosticEngine D(&OS);
  for (int I = 0; I < 3; ++I)
    D.report(&F, at(F, 4, 6), DiagKind::Float64Promotion, {"a", "b", "c"});
  D.report(&F, at(F, 11, 13), DiagKind::Float64Promotion, {"a", "b", "c"});
  EXPECT_EQ(D.warningCount(), 2u);
  EXPECT_EQ(D.diagnostics().size(), 4u);
}

TEST(DiagnosticEngine, NotesOfHiddenWarningsAreHidden) {
  SourceFile F("k.py", "x = 0.\n");
  std::ostringstream OS;
  DiagnosticEngine D(&OS);
  DiagnosticOptions O;
  O.Kinds[DiagKind::Float64Promotion].Enabled = false;
  D.setOptions(O);
  D.report(&F, at(F, 4, 6), DiagKind::Float64Promotion, {"a", "b", "c"});
  D.report(&F, at(F, 0, 1), DiagKind::NoteDefinedHere, {"x"});
  EXPECT_EQ(OS.str(), "");
  EXPECT_EQ(D.warningCount(), 0u);
}

TEST(DiagnosticEngine, WerrorMakesWarningsErrors) {
  SourceFile F("k.py", "x = 0.\n");
  std::ostringstream OS;
  DiagnosticEngine D(&OS);
  DiagnosticOptions O;
  O.WarningsAsErrors = true;
  D.setOptions(O);
  D.report(&F, at(F, 4, 6), DiagKind::Float64Promotion, {"a", "b", "c"});
  EXPECT_TRUE(D.hasErrors());
  EXPECT_EQ(OS.str().rfind("k.py:1:5: error: a in float64", 0), 0u) << OS.str();
}

TEST(DiagnosticEngine, ErrorLimitCountsTheRest) {
  SourceFile F("k.py", "a\n");
  std::ostringstream OS;
  {
    DiagnosticEngine D(&OS);
    DiagnosticOptions O;
    O.ErrorLimit = 1;
    D.setOptions(O);
    D.report(&F, at(F, 0, 1), DiagKind::UndefinedName, {"a"});
    D.report(&F, at(F, 0, 1), DiagKind::UndefinedName, {"b"});
    D.report(&F, at(F, 0, 1), DiagKind::UndefinedName, {"c"});
    EXPECT_EQ(D.errorCount(), 3u);
  }
  EXPECT_EQ(OS.str(), "k.py:1:1: error: name 'a' is not defined [UndefinedName]\na\n^\n"
                      "pykc: note: 2 more errors were not shown (-ferror-limit=1; "
                      "-ferror-limit=0 shows every error)\n");
}

TEST(DiagnosticKinds, KebabNamesRoundTrip) {
  EXPECT_EQ(kebabName(DiagKind::Float64Promotion), "float64-promotion");
  EXPECT_EQ(kindNamed("float64-promotion"), DiagKind::Float64Promotion);
  EXPECT_EQ(kindNamed("Float64Promotion"), DiagKind::Float64Promotion);
  EXPECT_FALSE(kindNamed("float64promotion"));
}

TEST(Suggest, NearestSpelling) {
  std::vector<std::string> Names = {"factor", "float32", "float64", "grid"};
  EXPECT_EQ(nearestSpelling("factr", Names), "factor");
  EXPECT_EQ(nearestSpelling("FACTOR", Names), "factor");
  EXPECT_EQ(nearestSpelling("gird", Names), "grid");
  EXPECT_EQ(nearestSpelling("zzzzzz", Names), "");
  EXPECT_EQ(editDistance("kitten", "sitting", 10), 3u);
  EXPECT_EQ(editDistance("gird", "grid", 10), 1u);
  EXPECT_GT(editDistance("a", "abcdefgh", 2), 2u);
}

TEST(Suggest, ShortWordsGetNoGuess) {
  // As clang: one edit per three characters, so 'q' is no misspelt 'a'.
  EXPECT_EQ(nearestSpelling("q", {"a", "k"}), "");
  EXPECT_EQ(nearestSpelling("ab", {"ac"}), "");
  EXPECT_EQ(nearestSpelling("X", {"x"}), "x"); // case alone is always near
  EXPECT_EQ(nearestSpelling("sine", {"sin", "sinh"}), "sin"); // ties: the first
}

TEST(DiagnosticEngine, SpellingChecksAreLimited) {
  // As clang's -fspell-checking-limit: the first 50 lookups, then none, so
  // many misspellings against many names stay linear.
  DiagnosticEngine D(nullptr);
  for (int I = 0; I < 50; ++I)
    EXPECT_TRUE(D.allowSpellingCheck());
  EXPECT_FALSE(D.allowSpellingCheck());
  EXPECT_FALSE(D.allowSpellingCheck());
}

TEST(Suggest, DidYouMeanIsTheMessageTail) {
  EXPECT_EQ(didYouMean("syncthread", {"grid", "syncthreads"}, "cuda."),
            "; did you mean 'cuda.syncthreads'?");
  EXPECT_EQ(didYouMean("zzzz", {"grid"}), "");
}

} // namespace
