//===- OptionTable.h - pykc's subcommands and options, as data --*- C++ -*-===//
///
/// \file
/// Every subcommand (CommandTable.def) and every option (OptionTable.def) of
/// the pykc command line, in one place: ArgParser.h parses argv with them,
/// and `--help`, the shell completions and the man page are printed from
/// them, so a new option is one row.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pykc::driver {

enum class Command : uint8_t {
#define PYKC_COMMAND(Id, Name, Scalars, Usage, Summary, Description) Id,
#include "CommandTable.def"
};

/// A set of commands, as a bit mask (one bit per Command).
using CommandSet = unsigned;
namespace cmd {
#define PYKC_COMMAND(Id, Name, Scalars, Usage, Summary, Description)                                        \
  constexpr CommandSet Id = 1u << unsigned(Command::Id);
#include "CommandTable.def"
constexpr CommandSet All = Compile | Run | Reduce | Call;
} // namespace cmd

struct CommandInfo {
  Command Id;
  const char *Name;        ///< "run"; "" for the default compile command.
  bool Scalars;            ///< -5 and -.5 are arguments, not options.
  const char *Usage;       ///< After "pykc ": one line per form.
  const char *Summary;     ///< One sentence, for the list of commands.
  const char *Description; ///< Paragraphs, for its --help and the man page.
};

/// The commands, in CommandTable.def's order (the default first).
const std::vector<CommandInfo> &commands();
const CommandInfo &commandInfo(Command C);

/// How an option takes its value.
enum class ArgKind : uint8_t {
  Flag,             ///< none: --boundscheck
  Joined,           ///< glued to the spelling: -O2, -W<Kind>, -ferror-limit=N
  SeparateOrEquals, ///< the next argument or after '=': --sig X, --sig=X
  JoinedOrSeparate, ///< the next argument or glued: -D X, -DX, -o F, -oF
};

/// The closed sets of values some options take (completion, man page).
enum class ValueList : uint8_t { None, EmitKinds, Archs, Backends, Booleans, Shells };

enum class OptionId : uint8_t {
#define PYKC_OPTION(Id, Commands, Kind, Spellings, Aliases, Metavar, Values, Help) Id,
#include "OptionTable.def"
};

struct OptionInfo {
  OptionId Id;
  CommandSet Commands;
  ArgKind Kind;
  std::vector<std::string> Spellings; ///< Shown in --help, first is the name.
  std::vector<std::string> Aliases;   ///< Accepted too (nvcc's, -h).
  const char *Metavar; ///< Printed after each spelling: " FILE", "=KIND", "<Kind>".
  ValueList Values;
  const char *Help; ///< Lines separated by '\n'; "" hides the option.

  bool hidden() const { return !*Help; }
  bool takes(Command C) const { return Commands & (1u << unsigned(C)); }
  /// "--sig 'NAME(TYPES)'", "-lineinfo, -g": the spellings with the metavar.
  std::string display() const;
};

/// Every option, in OptionTable.def's order (the order --help lists them).
const std::vector<OptionInfo> &options();
const OptionInfo &optionInfo(OptionId Id);

/// The spellings command \p C accepts whole, for "did you mean": every
/// spelling and alias of its visible options but the prefixes (-W, -Wno-).
std::vector<std::string> suggestableSpellings(Command C);

} // namespace pykc::driver
