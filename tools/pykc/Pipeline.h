//===- Pipeline.h - The phases every pykc command shares --------*- C++ -*-===//
///
/// \file
/// The passes every pykc command shares, from source text to typed IR, and
/// the emission each output takes: listed once, in order, in Pipeline.cpp.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Codegen.h"
#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/SourceManager.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"
#include "ModuleFlags.h"
#include "PhaseTimes.h"

#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pykc::driver {

struct FrontendRequest {
  std::string Input;                   ///< A path, or "-" for standard input.
  std::vector<std::string> Signatures; ///< 'NAME(TYPES)' texts.
  std::string SignatureOrigin = "<--sig>"; ///< How diagnostics name them.
  bool AllowUnusedSignatures = false;  ///< Drop those for unknown kernels.
  std::string OnlyKernel;              ///< Type only this kernel (pykc run).
  bool StopAfterParse = false;         ///< --emit=ast.
  bool BoundsCheck = false;            ///< --boundscheck: every function checks.
  ModuleFlags Modules;                 ///< -D, -I and -Wall.
  /// -c: one note names the kernels skipped for want of a signature.
  bool OneSkippedNote = false;
  frontend::DiagnosticOptions Diagnostics; ///< -w, -W..., -ferror-limit.
  PhaseTimes *Times = nullptr;             ///< -v: each phase's time.
  /// Runs after names are resolved, before the signatures are parsed; a
  /// non-empty message stops the pipeline with it (pykc run: the kernel
  /// exists and takes this many arguments). It may replace the signature
  /// texts (pykc run: with the kernel's declared signature).
  std::function<std::string(const ir::ModuleScope &, std::vector<std::string> &Signatures)>
      CheckScope;
};

/// Everything the phases made; the IR points into the rest, so it lives as
/// long as they do.
struct Compilation {
  frontend::SourceManager Sources;
  frontend::DiagnosticEngine Diags{&std::cerr};
  frontend::ASTContext AST;
  frontend::Module Syntax;
  ir::TypeContext Types;
  std::unique_ptr<ir::ModuleScope> Scope;
  /// The program's other modules (`import helpers`), by name; null for a
  /// name that is no file of the program (a library) or being read.
  struct Imported {
    frontend::ASTContext AST;
    frontend::Module Syntax;
    std::unique_ptr<ir::ModuleScope> Scope;
  };
  std::map<std::string, std::unique_ptr<Imported>> Modules;
  /// -D's values, by their dotted target, and the sources they were read from.
  std::map<std::string, ir::ConstantValue> Defines;
  std::vector<std::unique_ptr<Imported>> DefineSources;
  ir::SemaResult Typed;
};

/// Runs the passes up to the checked IR (read and parse only with
/// StopAfterParse). Returns the exit
/// status: 0 with \p C filled, 1 after diagnostics or an unreadable input.
int runFrontend(const FrontendRequest &R, Compilation &C);

/// The PTX of \p IR for \p Options (or, with \p LLVMText, the optimized
/// LLVM IR as text). False with \p Error set on failure. With \p Times,
/// its steps are timed as phases \p Phase/emit, /libdevice, /optimize and
/// /codegen. With \p Group, the PTX of that GPU group's kernels alone
/// (codegen/GpuGroups.h).
bool compilePTX(const ir::Module &IR, const codegen::CodegenOptions &Options, bool LLVMText,
                std::string &Out, std::string &Error, PhaseTimes *Times = nullptr,
                const std::string &Phase = "",
                const std::vector<const ir::Function *> *Group = nullptr);

} // namespace pykc::driver
