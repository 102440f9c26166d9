//===- CheckReport.cpp - --check's reports with their source lines --------===//
#include "CheckReport.h"

#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace pykc::driver {

namespace {

/// "path:12:9: error: ..." -> path, 12, 9 (false when the line does not
/// start with a place).
bool parsePlace(const std::string &Line, std::string &Path, unsigned &Row, unsigned &Col) {
  size_t Mark = Line.find(": error: ");
  if (Mark == std::string::npos)
    Mark = Line.find(": note: ");
  if (Mark == std::string::npos)
    return false;
  size_t C2 = Line.rfind(':', Mark - 1);
  if (C2 == std::string::npos || C2 == 0)
    return false;
  size_t C1 = Line.rfind(':', C2 - 1);
  if (C1 == std::string::npos)
    return false;
  try {
    Row = unsigned(std::stoul(Line.substr(C1 + 1, C2 - C1 - 1)));
    Col = unsigned(std::stoul(Line.substr(C2 + 1, Mark - C2 - 1)));
  } catch (...) {
    return false;
  }
  Path = Line.substr(0, C1);
  return Row > 0 && Col > 0;
}

} // namespace

std::string withSourceLines(const std::string &Reports) {
  std::map<std::string, std::vector<std::string>> Files; // read once each
  std::istringstream In(Reports);
  std::string Line, Out;
  while (std::getline(In, Line)) {
    Out += Line + "\n";
    std::string Path;
    unsigned Row = 0, Col = 0;
    if (!parsePlace(Line, Path, Row, Col))
      continue;
    auto [It, New] = Files.try_emplace(Path);
    if (New) {
      std::ifstream F(Path);
      for (std::string L; std::getline(F, L);)
        It->second.push_back(L);
    }
    const std::vector<std::string> &Lines = It->second;
    if (Row > Lines.size() || Col > Lines[Row - 1].size() + 1)
      continue;
    const std::string &Source = Lines[Row - 1];
    std::string Caret;
    for (unsigned K = 0; K + 1 < Col; ++K)
      Caret += Source[K] == '\t' ? '\t' : ' '; // lines up under tabs too
    Out += Source + "\n" + Caret + "^\n";
  }
  return Out;
}

} // namespace pykc::driver
