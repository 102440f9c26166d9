//===- CompilePlan.h - What a command compiles, and its IR ------*- C++ -*-===//
///
/// \file
/// The passes between a module's names and its typed IR, each a function
/// the driver's pass list (tools/pykc/Pipeline.cpp) calls in order:
///   planCompilation      which functions this command compiles, for which
///                        signatures (the decorators' and --sig's);
///   checkPlannedNames    each of them names only what exists (NameCheck.h);
///   buildPlannedIR       checks each kernel, host entry and reduction for
///                        its signatures (check/, which reports every typing
///                        diagnostic), then builds the IR of what the check
///                        accepted (build/, which reports nothing), with
///                        the device functions they call;
///   checkSkippedKernels  -Wall: the kernels not compiled, checked as if
///                        they were, each error a warning;
///   reportNothingToCompile
///                        a file with kernels of which none compiled.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace pykc::ir {

struct CompilePlan {
  /// The module's functions, and those the command names that it imports
  /// (a package's __init__.py: `from .filters import smooth`).
  std::vector<FunctionInfo *> Candidates;
  /// The function `pykc run` / `call` / `reduce` names; empty otherwise.
  std::string OnlyKernel;
  /// The dtypes each reduction's --sig names ('sum_reduce(float32)').
  std::map<FunctionInfo *, std::vector<const ScalarType *>> ReduceDtypes;
  /// The functions --sig names, and whether any kernel is to be compiled
  /// (then only those with a signature are; else every kernel is checked
  /// and says which --sig to add).
  std::set<const FunctionInfo *> Named;
  bool AnyToCompile = false;
  /// How many kernels, reductions and host entries the command means to
  /// compile (NothingToCompile when none of them did).
  unsigned Requested = 0;
  /// Each function body's name check: `k1 = cuda.jit(sig)(f)` and
  /// `k2 = cuda.jit(f)` share f's body, checked and reported once.
  std::map<const frontend::FunctionDefStmt *, bool> NamesOk;

  /// Whether \p Fn is one this command compiles.
  bool wanted(const FunctionInfo *Fn) const {
    if (!OnlyKernel.empty())
      return Fn->Name == OnlyKernel;
    return !AnyToCompile || Named.count(Fn) || !Fn->Signatures.empty();
  }
};

/// Adds the command-line signatures to their functions and chooses what
/// to compile. With \p OnlyKernel set (`pykc run`), only that function, for
/// the command-line signatures only, as Numba's dispatcher specialises a
/// kernel to its arguments.
CompilePlan planCompilation(ModuleScope &Scope, frontend::DiagnosticEngine &Diags,
                            const std::vector<NamedSignature> &CommandLineSignatures,
                            const std::string &OnlyKernel);

/// Checks the names of every function the plan compiles (device functions
/// are checked where a kernel first calls them, as Numba compiles them
/// lazily); reports the decorators pykc does not compile yet.
void checkPlannedNames(CompilePlan &Plan, const ModuleScope &Scope,
                       frontend::DiagnosticEngine &Diags);

/// Types and builds the IR of every planned function without name errors:
/// kernels, then @njit host entries, then reductions (their kernels come
/// last in the module). \p Skipped.OneNote: one note names the kernels
/// skipped for want of a signature.
SemaResult buildPlannedIR(CompilePlan &Plan, ModuleScope &Scope, TypeContext &Types,
                          frontend::DiagnosticEngine &Diags, SkippedKernelReport Skipped);

/// -Wall: the kernels this command skips, checked (nothing is built) with
/// their diagnostics held back, each error reported as a warning.
void checkSkippedKernels(const CompilePlan &Plan, ModuleScope &Scope, TypeContext &Types,
                         frontend::DiagnosticEngine &Diags);

/// NothingToCompile when the plan meant to compile something and nothing
/// compiled without an error being the reason.
void reportNothingToCompile(const CompilePlan &Plan, const ModuleScope &Scope,
                            const SemaResult &Result, frontend::DiagnosticEngine &Diags);

/// planCompilation, checkPlannedNames and buildPlannedIR, then
/// expandPythonOperators (ExpandOperators.h), for callers that want a
/// module's IR ready for the emitters and no command's choices: tests and
/// fuzzers.
/// (The driver runs the passes one by one: tools/pykc/Pipeline.cpp.)
SemaResult typeModule(ModuleScope &Scope, TypeContext &Types, frontend::DiagnosticEngine &Diags,
                      const std::vector<NamedSignature> &Signatures = {});

} // namespace pykc::ir
