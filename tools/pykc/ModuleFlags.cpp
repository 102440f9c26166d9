//===- ModuleFlags.cpp - -D and -I on every pykc command ------------------===//
#include "ModuleFlags.h"

#include <cctype>

namespace pykc::driver {

namespace {

/// Whether \p Name is a dotted Python name (pkg.mod.NAME).
bool isDottedName(const std::string &Name) {
  if (Name.empty())
    return false;
  bool Start = true;
  for (char C : Name) {
    if (C == '.') {
      if (Start)
        return false;
      Start = true;
      continue;
    }
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_') ||
        (Start && std::isdigit(static_cast<unsigned char>(C))))
      return false;
    Start = false;
  }
  return !Start;
}

} // namespace

void addModuleFlag(const std::string &Flag, const std::string &Value, ModuleFlags &Flags,
                   std::string &Error) {
  if (Flag == "-I") {
    if (Value.empty())
      Error = "-I needs a directory";
    else
      Flags.IncludeDirs.push_back(Value);
    return;
  }
  std::string Name = Value.substr(0, Value.find('='));
  if (!isDottedName(Name))
    Error = "invalid -D '" + Value + "' (expected NAME, NAME=VALUE or pkg.mod.NAME=VALUE)";
  else
    Flags.Defines.push_back(Value);
}

} // namespace pykc::driver
