//===- Diagnostic.h - User-facing diagnostics -------------------*- C++ -*-===//
///
/// \file
/// Diagnostics in the form
///   file:line:col: error: message [Kind]
///       <the source line>
///       ^~~~~
/// Every kind is declared in Diagnostic.def. These are for problems in the
/// user's input; broken compiler invariants use internalError() instead.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/SourceManager.h"

#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend {

enum class DiagKind {
#define DIAG(Kind, Severity, Format) Kind,
#include "frontend/Diagnostic.def"
};

enum class Severity { Error, Warning, Note };

Severity severityOf(DiagKind Kind);
std::string_view kindName(DiagKind Kind);
/// The message of \p Kind with {N} replaced by Args[N].
std::string formatMessage(DiagKind Kind, const std::vector<std::string> &Args);

/// One reported diagnostic, kept for tests and for counting.
struct Diagnostic {
  DiagKind Kind;
  const SourceFile *File;
  SourceRange Range;
  std::string Message;
};

/// Prints diagnostics as they are reported and counts them.
class DiagnosticEngine {
public:
  /// \p OS may be null to only collect (unit tests).
  explicit DiagnosticEngine(std::ostream *OS) : OS(OS) {}

  void report(const SourceFile *File, SourceRange Range, DiagKind Kind,
              std::vector<std::string> Args = {});
  /// A diagnostic without a source location (command-line problems).
  void reportNoLocation(DiagKind Kind, std::vector<std::string> Args = {});

  unsigned errorCount() const { return Errors; }
  unsigned warningCount() const { return Warnings; }
  bool hasErrors() const { return Errors != 0; }
  const std::vector<Diagnostic> &diagnostics() const { return All; }

private:
  void print(const Diagnostic &D) const;

  std::ostream *OS;
  std::vector<Diagnostic> All;
  unsigned Errors = 0;
  unsigned Warnings = 0;
};

/// A broken invariant inside pykc: prints "internal compiler error" and
/// aborts. Never used for bad user input.
[[noreturn]] void internalError(std::string_view Message, const char *File,
                                int Line);
#define PYKC_ICE(Message) ::pykc::frontend::internalError(Message, __FILE__, __LINE__)

} // namespace pykc::frontend
