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

bool parseModuleFlag(const std::vector<std::string> &Args, size_t &I, ModuleFlags &Flags,
                     std::string &Error) {
  const std::string &A = Args[I];
  if (A == "-Wall") {
    Flags.WarnAll = true;
    return true;
  }
  if (A.size() < 2 || A[0] != '-' || (A[1] != 'D' && A[1] != 'I'))
    return false;
  std::string Value;
  if (A.size() > 2) {
    Value = A.substr(2);
  } else if (I + 1 < Args.size()) {
    Value = Args[++I];
  } else {
    Error = "missing value after '" + A + "'";
    return true;
  }
  if (A[1] == 'I') {
    if (Value.empty())
      Error = "-I needs a directory";
    else
      Flags.IncludeDirs.push_back(Value);
    return true;
  }
  std::string Name = Value.substr(0, Value.find('='));
  if (!isDottedName(Name))
    Error = "invalid -D '" + Value + "' (expected NAME, NAME=VALUE or pkg.mod.NAME=VALUE)";
  else
    Flags.Defines.push_back(Value);
  return true;
}

bool parseModuleFlag(int Argc, char **Argv, int &I, ModuleFlags &Flags, std::string &Error) {
  // Only the flag and its value are looked at.
  std::vector<std::string> Two{Argv[I]};
  if (I + 1 < Argc)
    Two.push_back(Argv[I + 1]);
  size_t J = 0;
  if (!parseModuleFlag(Two, J, Flags, Error))
    return false;
  I += int(J);
  return true;
}

const char *moduleFlagsHelp() {
  return R"(  -D NAME[=VALUE]       Bind module-level NAME to VALUE (a Python literal:
                        16, 1e-6, 'fast', (32, 8), True; default True)
                        instead of what the module assigns it, as nvcc's -D
                        does for a macro. For values pykc cannot know at
                        compile time (sys.argv, os.environ, files) and for
                        conditions it cannot decide. -D pkg.mod.NAME=VALUE
                        sets another module's name. Repeatable.
  -I DIR                Look for the program's imported modules and
                        packages in DIR too (as PYTHONPATH). Repeatable.
  -Wall                 Also check the kernels this command does not
                        compile (the file's other kernels, those without a
                        signature) and report their errors as warnings.
)";
}

} // namespace pykc::driver
