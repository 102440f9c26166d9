//===- Completion.cpp - bash and zsh completion scripts -------------------===//
#include "Completion.h"

#include "HelpText.h"
#include "OptionTable.h"

namespace pykc::driver {

namespace {

/// What a command's options complete to: the words to offer after '-', and
/// those of them that end in '=' (no space after them).
struct OptionWords {
  std::string Plain, Equals;
};

std::string join(const std::vector<std::string> &Words, const char *Separator) {
  std::string Out;
  for (const std::string &W : Words)
    Out += (Out.empty() ? "" : Separator) + W;
  return Out;
}

/// Every spelling and alias of a visible option.
std::vector<std::string> allSpellings(const OptionInfo &O) {
  std::vector<std::string> Out = O.Spellings;
  Out.insert(Out.end(), O.Aliases.begin(), O.Aliases.end());
  return Out;
}

OptionWords optionWords(Command C) {
  std::vector<std::string> Plain, Equals;
  for (const OptionInfo &O : options()) {
    if (!O.takes(C) || O.hidden())
      continue;
    bool TakesEquals = O.Metavar[0] == '=';
    for (const std::string &S : allSpellings(O)) {
      if (O.Kind == ArgKind::Joined && !TakesEquals && S.back() != '=')
        continue; // -W<Kind>: nothing to offer before the kind
      if (O.Kind == ArgKind::Joined && S.back() == '=')
        Equals.push_back(S);
      else if (TakesEquals)
        Equals.push_back(S + "=");
      else
        Plain.push_back(S);
    }
  }
  return {join(Plain, " "), join(Equals, " ")};
}

/// What the value of an option is completed from.
enum class ValueSource { Words, Files, Directories, Nothing };

ValueSource valueSource(const OptionInfo &O) {
  std::string M = O.Metavar;
  if (O.Values != ValueList::None)
    return ValueSource::Words;
  if (M.find("FILE") != std::string::npos)
    return ValueSource::Files;
  if (M.find("DIR") != std::string::npos)
    return ValueSource::Directories;
  return ValueSource::Nothing;
}

/// The options that take a value, with their spellings as one case
/// pattern ("--arch|-arch|-code"), in table order.
struct ValueOption {
  std::string Pattern;
  ValueSource Source;
  std::string Words; ///< For ValueSource::Words.
};

/// Whether a flag of some command is spelled \p S too (--shared is -c's
/// flag and `pykc run`'s byte count): its value is not completed then.
bool isAlsoAFlag(const std::string &S) {
  for (const OptionInfo &O : options())
    if (O.Kind == ArgKind::Flag)
      for (const std::string &F : allSpellings(O))
        if (F == S)
          return true;
  return false;
}

std::vector<ValueOption> valueOptions(const char *Bar) {
  std::vector<ValueOption> Out;
  for (const OptionInfo &O : options()) {
    if (O.hidden() || (O.Kind != ArgKind::SeparateOrEquals && O.Kind != ArgKind::JoinedOrSeparate))
      continue;
    std::vector<std::string> Spellings;
    for (const std::string &S : allSpellings(O))
      if (!isAlsoAFlag(S))
        Spellings.push_back(S);
    if (!Spellings.empty())
      Out.push_back({join(Spellings, Bar), valueSource(O), join(optionValues(O.Values), " ")});
  }
  return Out;
}

const CommandInfo *subcommand(size_t I) {
  return I < commands().size() ? &commands()[I] : nullptr;
}

/// The commands with the default one last, for a `case` whose last
/// pattern is `*`.
std::vector<const CommandInfo *> commandsDefaultLast() {
  std::vector<const CommandInfo *> Out;
  for (size_t I = 1; subcommand(I); ++I)
    Out.push_back(subcommand(I));
  Out.push_back(&commands().front());
  return Out;
}

std::string subcommandNames(const char *Separator) {
  std::vector<std::string> Names;
  for (size_t I = 1; subcommand(I); ++I)
    Names.push_back(subcommand(I)->Name);
  return join(Names, Separator);
}

/// How a shell completes an option's value: from a word list (Words, the
/// words, then WordsEnd), from files, from folders, or not at all.
struct ValueSpelling {
  const char *Words, *WordsEnd, *Files, *Directories, *Nothing;
};

/// _pykc_values's `case` arms, one an option that takes a value.
std::string valueCases(const ValueSpelling &Spell) {
  std::string S;
  for (const ValueOption &V : valueOptions("|")) {
    S += "    " + V.Pattern + ")\n      ";
    switch (V.Source) {
    case ValueSource::Words:
      S += Spell.Words + V.Words + Spell.WordsEnd;
      break;
    case ValueSource::Files:
      S += Spell.Files;
      break;
    case ValueSource::Directories:
      S += Spell.Directories;
      break;
    case ValueSource::Nothing:
      S += Spell.Nothing;
      break;
    }
    S += " ;;\n";
  }
  return S;
}

/// _pykc's `case $cmd` arms: each command's options (opts) and those that
/// take `=VALUE` (eqopts), as lists between \p Open and \p Close.
std::string commandCases(const char *Open, const char *Close) {
  std::string S;
  for (const CommandInfo *C : commandsDefaultLast()) {
    OptionWords W = optionWords(C->Id);
    S += std::string("    ") + (*C->Name ? C->Name : "*") + ")\n      opts=" + Open + W.Plain +
         Close + "\n      eqopts=" + Open + W.Equals + Close + " ;;\n";
  }
  return S;
}

} // namespace

std::string bashCompletion() {
  std::string S = R"(# bash completion for pykc                                -*- shell-script -*-
# Written by `pykc --completion=bash` from pykc's option table.

_pykc_values() {
  # $1: the option, $2: the word typed so far, $3: what to put before each.
  case $1 in
)";
  S += valueCases({"COMPREPLY=($(compgen -P \"$3\" -W \"", "\" -- \"$2\"))",
                   "COMPREPLY=($(compgen -P \"$3\" -f -- \"$2\"))",
                   "COMPREPLY=($(compgen -P \"$3\" -d -- \"$2\"))", "COMPREPLY=()"});
  S += R"(    *) return 1 ;;
  esac
  return 0
}

_pykc() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= opts= eqopts=
  [[ $COMP_CWORD -gt 0 ]] && prev=${COMP_WORDS[COMP_CWORD-1]}
  COMPREPLY=()
  # --opt=VALUE: bash splits the word at '=' (COMP_WORDBREAKS) or not.
  if [[ $cur == "=" ]]; then
    _pykc_values "$prev" "" "" && return 0
  elif [[ $prev == "=" && $COMP_CWORD -ge 2 ]]; then
    _pykc_values "${COMP_WORDS[COMP_CWORD-2]}" "$cur" "" && return 0
  elif [[ $cur == -*=* ]]; then
    _pykc_values "${cur%%=*}" "${cur#*=}" "${cur%%=*}=" && return 0
  fi
  # --opt VALUE.
  if [[ $prev == -* ]] && _pykc_values "$prev" "$cur" ""; then
    return 0
  fi
  if [[ $COMP_CWORD -gt 1 ]]; then
    case ${COMP_WORDS[1]} in
      )" + subcommandNames("|") + R"() cmd=${COMP_WORDS[1]} ;;
    esac
  fi
  case $cmd in
)";
  S += commandCases("\"", "\"");
  S += R"(  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts $eqopts" -- "$cur"))
    [[ ${COMPREPLY[*]} == *= ]] && compopt -o nospace 2>/dev/null
    return 0
  fi
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W ")" + subcommandNames(" ") + R"(" -- "$cur"))
  fi
  COMPREPLY+=($(compgen -d -- "$cur") $(compgen -f -X '!*.py' -- "$cur"))
  [[ -n $cmd ]] && COMPREPLY+=($(compgen -f -X '!*.npy' -- "$cur"))
  return 0
}
complete -o filenames -F _pykc pykc
)";
  return S;
}

std::string zshCompletion() {
  std::string S = R"(#compdef pykc
# zsh completion for pykc, written by `pykc --completion=zsh` from pykc's
# option table.

# $1: the option whose value is being typed. Returns 1 for no such option.
_pykc_values() {
  case $1 in
)";
  S += valueCases({"compadd -- ", "", "_files", "_files -/", "_message 'value'"});
  S += R"(    *) return 1 ;;
  esac
  return 0
}

_pykc() {
  local cur=${words[CURRENT]} prev=${words[CURRENT-1]} cmd=
  local -a opts eqopts
  if [[ $cur == -*=* ]]; then
    local opt=${cur%%=*}
    compset -P '*='
    _pykc_values $opt
    return
  fi
  if [[ $prev == -* ]] && _pykc_values $prev; then
    return
  fi
  if (( CURRENT > 2 )); then
    case ${words[2]} in
      )" + subcommandNames("|") + R"() cmd=${words[2]} ;;
    esac
  fi
  case $cmd in
)";
  S += commandCases("(", ")");
  S += R"(  esac
  if [[ $cur == -* ]]; then
    compadd -- $opts
    compadd -S '' -- $eqopts
    return
  fi
  (( CURRENT == 2 )) && compadd -- )" + subcommandNames(" ") + R"(
  if [[ -n $cmd ]]; then
    _files -g '*.(py|npy)'
  else
    _files -g '*.py'
  fi
}

_pykc "$@"
)";
  return S;
}

} // namespace pykc::driver
