//===- Diagnostic.h - User-facing diagnostics -------------------*- C++ -*-===//
///
/// \file
/// Diagnostics in the form
///   file:line:col: error: message [Kind]
///       <the source line>
///       ^~~~~
/// Every kind is declared in Diagnostic.def. These are for problems in the
/// user's input; broken compiler invariants use PYKC_ICE (support/InternalError.h).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/SourceManager.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
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
/// \p Kind's name in kebab case, as -W flags accept it too:
/// Float64Promotion -> float64-promotion.
std::string kebabName(DiagKind Kind);
/// The kind named \p Name, as printed ("Float64Promotion") or in kebab case
/// ("float64-promotion").
std::optional<DiagKind> kindNamed(std::string_view Name);
/// Every kind's printed name, in Diagnostic.def's order.
std::vector<std::string> allKindNames();

/// What the command line says about diagnostics (-w, -Werror, -W<Kind>,
/// -Wno-<Kind>, -Werror=<Kind>, -Wall, -ferror-limit=N), as clang has them.
struct DiagnosticOptions {
  bool IgnoreWarnings = false;   ///< -w: no warning is shown.
  bool WarningsAsErrors = false; ///< -Werror: every shown warning is an error.
  /// -Wall: every warning kind is on, also those a command leaves off
  /// unless asked (commands with optional warnings read this).
  bool AllWarnings = false;
  /// Per warning kind, the last flag that named it: -W<Kind> / -Wno-<Kind>
  /// set Enabled, -Werror=<Kind> / -Wno-error=<Kind> set AsError.
  struct KindControl {
    std::optional<bool> Enabled;
    std::optional<bool> AsError;
  };
  std::map<DiagKind, KindControl> Kinds;
  /// -ferror-limit=N: errors after the first N are counted but not shown,
  /// and one line at the end says how many. 0 shows every error.
  unsigned ErrorLimit = 20;
};

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
  /// Prints the line about errors -ferror-limit hid, if any.
  ~DiagnosticEngine() { finish(); }
  DiagnosticEngine(const DiagnosticEngine &) = delete;
  DiagnosticEngine &operator=(const DiagnosticEngine &) = delete;

  void setOptions(DiagnosticOptions NewOptions) { Options = std::move(NewOptions); }
  const DiagnosticOptions &options() const { return Options; }
  /// Prints, once, how many errors -ferror-limit kept from being shown.
  void finish();

  void report(const SourceFile *File, SourceRange Range, DiagKind Kind,
              std::vector<std::string> Args = {});
  /// A diagnostic without a source location (command-line problems).
  void reportNoLocation(DiagKind Kind, std::vector<std::string> Args = {});

  /// Errors, warnings made errors by -Werror included.
  unsigned errorCount() const { return Errors; }
  /// Warnings shown (not turned off, not repeated).
  unsigned warningCount() const { return Warnings; }
  bool hasErrors() const { return Errors != 0; }
  /// Whether one more "did you mean" may be looked for: the first 50 in a
  /// compile, as clang's -fspell-checking-limit, so that a file of many
  /// misspellings and many names costs time linear in it, not their product.
  bool allowSpellingCheck() { return SpellingChecks < 50 && ++SpellingChecks; }
  /// How many of those were spent: an engine that collects another pass's
  /// diagnostics for comparison starts where this one stood.
  unsigned spellingChecks() const { return SpellingChecks; }
  void setSpellingChecks(unsigned N) { SpellingChecks = N; }
  /// Every diagnostic reported, shown or not, with its kind and severity as
  /// reported (a warning -Werror made an error is still a Warning kind).
  const std::vector<Diagnostic> &diagnostics() const { return All; }

private:
  void print(const Diagnostic &D, Severity Shown) const;
  /// The severity \p Kind is shown with, or nothing when it is not shown.
  std::optional<Severity> shownSeverity(DiagKind Kind) const;

  std::ostream *OS;
  DiagnosticOptions Options;
  std::vector<Diagnostic> All;
  /// Warnings already shown, by kind, file and place: one is shown once.
  /// (The message stands in for the place of one without a location.)
  std::set<std::tuple<DiagKind, const SourceFile *, uint32_t, std::string>> ShownWarnings;
  bool LastShown = true; ///< Whether the notes that follow are shown.
  unsigned Errors = 0;
  unsigned Warnings = 0;
  unsigned ErrorsShown = 0;
  unsigned ErrorsHidden = 0; ///< By -ferror-limit.
  unsigned SpellingChecks = 0;
  bool Finished = false;
};

} // namespace pykc::frontend
