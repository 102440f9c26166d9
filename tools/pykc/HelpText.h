//===- HelpText.h - `pykc --help` and each command's, from the table -*- C++ -*-===//
///
/// \file
/// The help texts, printed from CommandTable.def, OptionTable.def and
/// EmitKinds.def: every option a command takes is listed in its --help.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "OptionTable.h"

#include <string>
#include <vector>

namespace pykc::driver {

/// The text of `pykc --help` (Command::Compile) or `pykc CMD --help`.
std::string helpText(Command C);

/// The values an option of \p L takes (--emit's kinds, --arch's
/// architectures, ...), for completion and the man page.
std::vector<std::string> optionValues(ValueList L);

/// --emit's kinds, with their help lines.
struct EmitKindInfo {
  const char *Name;
  const char *Help;
};
const std::vector<EmitKindInfo> &emitKinds();

/// The lines of \p Text (split at '\n').
std::vector<std::string> textLines(const std::string &Text);

} // namespace pykc::driver
