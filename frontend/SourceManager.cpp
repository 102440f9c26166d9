//===- SourceManager.cpp --------------------------------------------------===//
#include "frontend/SourceManager.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

namespace pykc::frontend {

SourceRange SourceRange::cover(SourceRange A, SourceRange B) {
  if (!A.isValid())
    return B;
  if (!B.isValid())
    return A;
  SourceRange R = A;
  if (B.Begin.Offset < R.Begin.Offset)
    R.Begin = B.Begin;
  if (B.End.Offset > R.End.Offset)
    R.End = B.End;
  return R;
}

SourceFile::SourceFile(std::string N, std::string T)
    : Name(std::move(N)), Text(std::move(T)) {
  LineStarts.push_back(0);
  for (uint32_t I = 0; I < Text.size(); ++I) {
    // "\r\n", "\n" and a lone "\r" all end a line, as in Python.
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      continue;
    if (Text[I] == '\n' || Text[I] == '\r')
      LineStarts.push_back(I + 1);
  }
}

std::string_view SourceFile::text(SourceRange R) const {
  if (!R.isValid() || R.End.Offset <= R.Begin.Offset || R.Begin.Offset >= Text.size())
    return {};
  return std::string_view(Text).substr(R.Begin.Offset, R.End.Offset - R.Begin.Offset);
}

std::string_view SourceFile::lineText(uint32_t Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return {};
  uint32_t Begin = LineStarts[Line - 1];
  uint32_t End = Line < LineStarts.size() ? LineStarts[Line]
                                          : static_cast<uint32_t>(Text.size());
  while (End > Begin && (Text[End - 1] == '\n' || Text[End - 1] == '\r'))
    --End;
  return std::string_view(Text).substr(Begin, End - Begin);
}

SourceLocation SourceFile::locationOf(uint32_t Offset, uint32_t &Line) const {
  Offset = std::min<uint32_t>(Offset, static_cast<uint32_t>(Text.size()));
  if (Line >= LineStarts.size() || LineStarts[Line] > Offset)
    Line = 0;
  // A few lines on (a token, a comment, blank lines); else the search.
  for (unsigned Step = 0; Line + 1 < LineStarts.size() && LineStarts[Line + 1] <= Offset; ++Line)
    if (++Step == 8) {
      SourceLocation L = locationOf(Offset);
      Line = L.Line - 1;
      return L;
    }
  SourceLocation L;
  L.Offset = Offset;
  L.Line = Line + 1;
  L.Column = Offset - LineStarts[Line] + 1;
  return L;
}

SourceLocation SourceFile::locationOf(uint32_t Offset) const {
  Offset = std::min<uint32_t>(Offset, static_cast<uint32_t>(Text.size()));
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  uint32_t LineIndex = static_cast<uint32_t>(It - LineStarts.begin()) - 1;
  SourceLocation L;
  L.Offset = Offset;
  L.Line = LineIndex + 1;
  L.Column = Offset - LineStarts[LineIndex] + 1;
  return L;
}

const SourceFile *SourceManager::loadFile(const std::string &Path,
                                          std::string &Error) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error = "cannot open '" + Path + "'";
    return nullptr;
  }
  std::ostringstream Buffer;
  Buffer << In.rdbuf();
  if (In.bad()) {
    Error = "cannot read '" + Path + "'";
    return nullptr;
  }
  return addBuffer(Path, Buffer.str());
}

const SourceFile *SourceManager::addBuffer(std::string Name, std::string Text) {
  Files.push_back(std::make_unique<SourceFile>(std::move(Name), std::move(Text)));
  return Files.back().get();
}

} // namespace pykc::frontend
