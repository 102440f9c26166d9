//===- check/Statistics.cpp - Which functions the checker typed -----------===//
//
// While the checker grows beside the quiet rounds, PYKC_TYPING_STATS=FILE
// appends one line per function typed: where it is, and whether the
// checker typed it or what construct sent it to the quiet rounds. Run over
// the test suites, the file measures how much of the language is left.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

#include <cstdlib>
#include <fstream>

namespace pykc::ir {

void recordTypingStatistics(const FunctionInfo &Info,
                            const std::string &Unsupported) {
  static const char *Path = std::getenv("PYKC_TYPING_STATS");
  if (!Path || !*Path)
    return;
  std::ofstream Out(Path, std::ios::app);
  const frontend::SourceLocation &At = Info.Def->Range.Begin;
  Out << (Info.File ? Info.File->name() : std::string("?")) << ":" << At.Line
      << ": " << Info.Name << ": "
      << (Unsupported.empty() ? "checker" : "quiet rounds: " + Unsupported)
      << "\n";
}

} // namespace pykc::ir
