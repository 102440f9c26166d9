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

/// Records `-D VALUE` or `-I VALUE` (\p Flag is "-D" or "-I"; ArgParser.h
/// has split the value from the flag, `-DX` and `-D X` alike); sets
/// \p Error when the value is malformed.
void addModuleFlag(const std::string &Flag, const std::string &Value, ModuleFlags &Flags,
                   std::string &Error);

} // namespace pykc::driver
