//===- ArgParser.h - One parser for every pykc command ----------*- C++ -*-===//
///
/// \file
/// Walks a command's arguments with the option table (OptionTable.def):
/// each option is matched to its row and handed to the command with its
/// value, every other argument is a positional one. Missing values and
/// unknown options (with the nearest spelling the command takes) are usage
/// errors said here, the same way for every command; what a value means is
/// the command's to check (SharedOptions.h for the options they share).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "OptionTable.h"

#include <functional>
#include <string>
#include <vector>

namespace pykc::driver {

struct ParsedOption {
  OptionId Id;
  std::string Arg;      ///< As given: "--emit=ptx", "-O2", "-o" (its value apart).
  std::string Spelling; ///< The spelling it matched: "--emit", "-arch".
  std::string Value;    ///< Its value; "" for a flag.
};

/// Whether the walk goes on after an option (a subcommand's --help ends it).
enum class ParseStep { Continue, Stop };

using OptionHandler = std::function<ParseStep(const ParsedOption &, std::string &Error)>;
using PositionalHandler = std::function<void(const std::string &, std::string &Error)>;

/// Walks \p Args (argv after the command's name) for command \p C, calling
/// \p OnOption and \p OnPositional in order. Returns false at the first
/// usage error, with \p Error set (without "pykc: error: "), whether the
/// parser or a handler found it.
bool parseCommandLine(Command C, const std::vector<std::string> &Args, const OptionHandler &OnOption,
                      const PositionalHandler &OnPositional, std::string &Error);

} // namespace pykc::driver
