//===- ArgParser.cpp - Matching arguments to the option table ------------===//
#include "ArgParser.h"

#include "UnknownOption.h"

#include <cctype>

namespace pykc::driver {

namespace {

enum class MatchKind { None, Whole, Equals, Prefix };

struct Match {
  const OptionInfo *Option = nullptr;
  const std::string *Spelling = nullptr;
  MatchKind Kind = MatchKind::None;
};

/// The row \p Arg names: a whole spelling or `spelling=value` first (the
/// first row that has one wins), else the longest prefix spelling.
Match matchOption(Command C, const std::string &Arg) {
  Match Prefix;
  for (const OptionInfo &O : options()) {
    if (!O.takes(C))
      continue;
    for (const auto *List : {&O.Spellings, &O.Aliases})
      for (const std::string &S : *List) {
        if (Arg == S)
          return {&O, &S, MatchKind::Whole};
        if (Arg.size() <= S.size() || Arg.compare(0, S.size(), S) != 0)
          continue;
        if (O.Kind == ArgKind::SeparateOrEquals && Arg[S.size()] == '=')
          return {&O, &S, MatchKind::Equals};
        bool Joins = O.Kind == ArgKind::Joined || O.Kind == ArgKind::JoinedOrSeparate;
        if (Joins && (!Prefix.Option || S.size() > Prefix.Spelling->size()))
          Prefix = {&O, &S, MatchKind::Prefix};
      }
  }
  return Prefix;
}

/// Whether \p Arg is a scalar argument such as -5, -.5 or -inf.
bool isNegativeNumber(const std::string &Arg) {
  if (Arg.size() < 2 || Arg[0] != '-')
    return false;
  std::string Rest = Arg.substr(1);
  for (char &Ch : Rest)
    Ch = char(std::tolower(static_cast<unsigned char>(Ch)));
  return std::isdigit(static_cast<unsigned char>(Rest[0])) || Rest[0] == '.' || Rest == "inf" ||
         Rest == "infinity" || Rest == "nan";
}

} // namespace

bool parseCommandLine(Command C, const std::vector<std::string> &Args, const OptionHandler &OnOption,
                      const PositionalHandler &OnPositional, std::string &Error) {
  Error.clear();
  bool OnlyPositional = false; // after `--`, as getopt has it
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "--" && !OnlyPositional) {
      OnlyPositional = true;
      continue;
    }
    if (OnlyPositional || A.size() < 2 || A[0] != '-' ||
        (commandInfo(C).Scalars && isNegativeNumber(A))) {
      OnPositional(A, Error);
      if (!Error.empty())
        return false;
      continue;
    }
    Match M = matchOption(C, A);
    if (!M.Option) {
      Error = unknownOption(A, suggestableSpellings(C));
      return false;
    }
    ParsedOption P{M.Option->Id, A, *M.Spelling, ""};
    if (M.Kind == MatchKind::Equals)
      P.Value = A.substr(M.Spelling->size() + 1);
    else if (M.Kind == MatchKind::Prefix)
      P.Value = A.substr(M.Spelling->size());
    else if (M.Option->Kind == ArgKind::SeparateOrEquals ||
             M.Option->Kind == ArgKind::JoinedOrSeparate) {
      if (I + 1 >= Args.size()) {
        Error = "missing value after '" + A + "'";
        return false;
      }
      P.Value = Args[++I];
    }
    ParseStep Step = OnOption(P, Error);
    if (!Error.empty())
      return false;
    if (Step == ParseStep::Stop)
      return true;
  }
  return true;
}

} // namespace pykc::driver
