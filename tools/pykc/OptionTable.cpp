//===- OptionTable.cpp - The rows of CommandTable.def and OptionTable.def -===//
#include "OptionTable.h"

namespace pykc::driver {

namespace {

std::vector<std::string> words(const char *Text) {
  std::vector<std::string> Out;
  std::string Word;
  for (const char *P = Text;; ++P) {
    if (*P == ' ' || !*P) {
      if (!Word.empty())
        Out.push_back(Word);
      Word.clear();
      if (!*P)
        return Out;
    } else {
      Word += *P;
    }
  }
}

} // namespace

const std::vector<CommandInfo> &commands() {
  static const std::vector<CommandInfo> Commands = {
#define PYKC_COMMAND(Id, Name, Scalars, Usage, Summary, Description)                                        \
  {Command::Id, Name, Scalars, Usage, Summary, Description},
#include "CommandTable.def"
  };
  return Commands;
}

const CommandInfo &commandInfo(Command C) { return commands()[size_t(C)]; }

const std::vector<OptionInfo> &options() {
  static const std::vector<OptionInfo> Options = {
#define PYKC_OPTION(Id, Commands, Kind, Spellings, Aliases, Metavar, Values, Help)                 \
  {OptionId::Id,   Commands, ArgKind::Kind,     words(Spellings),                                  \
   words(Aliases), Metavar,  ValueList::Values, Help},
#include "OptionTable.def"
  };
  return Options;
}

const OptionInfo &optionInfo(OptionId Id) { return options()[size_t(Id)]; }

std::string OptionInfo::display() const {
  std::string Out;
  for (const std::string &S : Spellings)
    Out += (Out.empty() ? "" : ", ") + S + Metavar;
  return Out;
}

std::vector<std::string> suggestableSpellings(Command C) {
  std::vector<std::string> Out;
  for (const OptionInfo &O : options()) {
    if (!O.takes(C) || O.hidden())
      continue;
    for (const auto *List : {&O.Spellings, &O.Aliases})
      for (const std::string &S : *List) {
        // A prefix such as -W or -Wno- is no word to suggest; -ferror-limit is.
        bool Prefix = O.Kind == ArgKind::Joined && (S.size() <= 2 || S.back() == '-' || S.back() == '=');
        if (!Prefix)
          Out.push_back(S);
      }
  }
  return Out;
}

} // namespace pykc::driver
