//===- ModuleFlags.h - -D and -I on every pykc command ----------*- C++ -*-===//
///
/// \file
/// `-D NAME[=VALUE]` replaces every module-level binding of NAME in the
/// compiled file with VALUE (a Python literal, default True), unevaluated,
/// as -D defines a macro for nvcc and clang; `-D pkg.mod.NAME=...` targets
/// another module of the program. `-I DIR` adds a root where `import`
/// looks for the program's modules and packages, as PYTHONPATH does. Every
/// command (compile, -c, run, reduce, call) takes both.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace pykc::driver {

struct ModuleFlags {
  std::vector<std::string> Defines;     ///< "NAME" or "NAME=VALUE", as given.
  std::vector<std::string> IncludeDirs; ///< -I, in order.
  /// -Wall: the errors of the kernels a command skips (another kernel of
  /// the file, one without a signature) are reported as warnings.
  bool WarnAll = false;
};

/// If Args[I] is -D or -I (`-D X`, `-DX`, `-I dir`, `-Idir`) or -Wall, records it,
/// advances \p I past its value and returns true; sets \p Error when the
/// value is missing or malformed.
bool parseModuleFlag(const std::vector<std::string> &Args, size_t &I, ModuleFlags &Flags,
                     std::string &Error);

/// The same over argv, for the subcommands' parsers that walk it by index.
bool parseModuleFlag(int Argc, char **Argv, int &I, ModuleFlags &Flags, std::string &Error);

/// The help text lines for -D and -I.
const char *moduleFlagsHelp();

} // namespace pykc::driver
