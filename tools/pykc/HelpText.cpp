//===- HelpText.cpp - The help texts --------------------------------------===//
#include "HelpText.h"

#include "Options.h"

namespace pykc::driver {

namespace {

/// The column options' help starts at.
constexpr size_t HelpColumn = 24;

/// An option's entry: its spellings, then its help from column 24 (on the
/// next line when the spellings reach it).
void addRow(std::string &Out, const std::string &Left, const char *Help) {
  std::string L = "  " + Left;
  std::vector<std::string> Lines = textLines(Help);
  if (L.size() + 2 > HelpColumn) {
    Out += L + '\n';
    L.clear();
  }
  for (const std::string &Line : Lines) {
    L.resize(HelpColumn, ' ');
    Out += L + Line + '\n';
    L.clear();
  }
}

void addEmitKinds(std::string &Out) {
  for (const EmitKindInfo &K : emitKinds()) {
    std::string L = std::string(HelpColumn + 2, ' ') + K.Name;
    for (const std::string &Line : textLines(K.Help)) {
      L.resize(std::max(L.size() + 2, HelpColumn + 8), ' ');
      Out += L + Line + '\n';
      L.clear();
    }
  }
}

/// "pykc run FILE.py KERNEL ... ARG...": a command's first form without
/// "[options]", for the list of commands.
std::string shortUsage(const CommandInfo &C) {
  std::string U = textLines(C.Usage).front();
  if (size_t At = U.find(" [options]"); At != std::string::npos)
    U.erase(At, 10);
  return "pykc " + U;
}

} // namespace

std::vector<std::string> textLines(const std::string &Text) {
  std::vector<std::string> Lines;
  size_t Start = 0;
  while (true) {
    size_t End = Text.find('\n', Start);
    Lines.push_back(Text.substr(Start, End == std::string::npos ? std::string::npos : End - Start));
    if (End == std::string::npos)
      return Lines;
    Start = End + 1;
  }
}

const std::vector<EmitKindInfo> &emitKinds() {
  static const std::vector<EmitKindInfo> Kinds = {
#define PYKC_EMIT_KIND(Id, Name, Help) {Name, Help},
#include "EmitKinds.def"
  };
  return Kinds;
}

std::vector<std::string> optionValues(ValueList L) {
  switch (L) {
  case ValueList::None:
    return {};
  case ValueList::EmitKinds: {
    std::vector<std::string> Names;
    for (const EmitKindInfo &K : emitKinds())
      Names.push_back(K.Name);
    return Names;
  }
  case ValueList::Archs:
    return gpuArchs();
  case ValueList::Backends:
    return {"cpu", "cuda", "auto"};
  case ValueList::Booleans:
    return {"true", "false"};
  case ValueList::Shells:
    return {"bash", "zsh"};
  }
  return {};
}

std::string helpText(Command C) {
  const CommandInfo &Info = commandInfo(C);
  bool Top = C == Command::Compile;
  std::string Out = "USAGE: ";
  // The top level's usage names every command's forms.
  for (const CommandInfo &Each : commands()) {
    if (!Top && Each.Id != C)
      continue;
    for (const std::string &Form : textLines(Each.Usage))
      Out += std::string(Out.size() > 7 ? "       " : "") + "pykc " + Form + '\n';
  }
  Out += '\n' + std::string(Info.Description) + "\n\nOPTIONS:\n";
  for (const OptionInfo &O : options()) {
    if (!O.takes(C) || O.hidden())
      continue;
    addRow(Out, O.display(), O.Help);
    if (O.Id == OptionId::Emit)
      addEmitKinds(Out);
  }
  if (!Top)
    return Out;
  Out += "\nCOMMANDS:\n";
  for (const CommandInfo &Each : commands())
    if (Each.Id != Command::Compile)
      addRow(Out, shortUsage(Each), Each.Summary);
  Out += R"(
EXIT STATUS:
  0 success, 1 a compile error, 2 a usage error, 70 an internal compiler
  error (please report it with the input file).
)";
  return Out;
}

} // namespace pykc::driver
