//===- Sema.h - From syntax tree to typed IR --------------------*- C++ -*-===//
///
/// \file
/// Checks a module's @cuda.jit functions and types each kernel for each of
/// its signatures with Numba's rules, producing the typed IR. Device
/// functions are typed at their call sites, as Numba does.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"
#include "ir/ModuleScope.h"

#include <memory>
#include <string>
#include <vector>

namespace pykc::ir {

/// A `--sig 'NAME(ARGTYPES)'` from the command line.
struct NamedSignature {
  std::string Name;
  ParsedSignature Sig;
};

struct SemaResult {
  std::unique_ptr<Module> IR;
  unsigned KernelsCompiled = 0;
  /// The @njit functions compiled as host entry points, and where each
  /// was written (for the passes that check and outline them).
  std::vector<std::pair<Function *, const FunctionInfo *>> HostEntries;
};

/// \p Name (a Python identifier, perhaps not ASCII) as a symbol PTX and
/// object files accept: bytes other than letters, digits and '_' become
/// _xHH_.
std::string symbolName(const std::string &Name);

/// Numba's choice among \p Fn's declared signatures for arguments of types
/// \p Args (its overload ranking, conversions allowed); null when none
/// takes them. Device-function calls and `pykc run` both use it.
const ParsedSignature *chooseSignature(const FunctionInfo &Fn,
                                       const std::vector<const Type *> &Args);

/// What buildPlannedIR (CompilePlan.h) says about the kernels a command does not compile.
struct SkippedKernelReport {
  /// -Wall: check them too (names, and their types for the signatures
  /// they have) and report each error as a SkippedKernelError warning.
  bool WarnErrors = false;
  /// -c: one note naming the kernels without a signature, instead of a
  /// MissingSignature warning for each.
  bool OneNote = false;
};

} // namespace pykc::ir
