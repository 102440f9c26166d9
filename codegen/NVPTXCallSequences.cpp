//===- NVPTXCallSequences.cpp - Call numbers that do not depend on the run --===//
#include "codegen/NVPTXCallSequences.h"

#include <algorithm>
#include <map>

namespace pykc::codegen {

namespace {

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// Whether a call number starts at \p At (just after "callseq " or
/// "prototype_") in one of the places LLVM prints one: a call sequence's
/// comment, or a prototype's declaration (`prototype_N : .callprototype`)
/// or use (`, prototype_N;`), never inside a name of the user's.
bool numberedHere(const std::string &PTX, size_t Start, size_t At, bool Prototype) {
  size_t End = At;
  while (End < PTX.size() && isDigit(PTX[End]))
    ++End;
  if (End == At)
    return false;
  if (!Prototype)
    return Start >= 3 && PTX.compare(Start - 3, 3, "// ") == 0;
  char Before = Start == 0 ? '\n' : PTX[Start - 1];
  if (!(Before == ' ' || Before == '\t' || Before == '\n' || Before == ','))
    return false;
  return PTX.compare(End, 17, " : .callprototype") == 0 || (End < PTX.size() && PTX[End] == ';');
}

} // namespace

void renumberCallSequences(std::string &PTX) {
  std::map<std::string, std::string> Renamed;
  std::string Out;
  Out.reserve(PTX.size());
  size_t I = 0;
  while (I < PTX.size()) {
    size_t Callseq = PTX.find("callseq ", I), Proto = PTX.find("prototype_", I);
    size_t Start = std::min(Callseq, Proto);
    if (Start == std::string::npos) {
      Out.append(PTX, I, std::string::npos);
      break;
    }
    bool Prototype = Start == Proto;
    size_t At = Start + (Prototype ? 10 : 8);
    Out.append(PTX, I, At - I);
    I = At;
    if (!numberedHere(PTX, Start, At, Prototype))
      continue;
    size_t End = At;
    while (End < PTX.size() && isDigit(PTX[End]))
      ++End;
    auto [It, New] = Renamed.try_emplace(PTX.substr(At, End - At), "");
    if (New)
      It->second = std::to_string(Renamed.size() - 1);
    Out += It->second;
    I = End;
  }
  PTX = std::move(Out);
}

} // namespace pykc::codegen
