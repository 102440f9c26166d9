//===- DiagnosticFlags.cpp - -w, -W..., -ferror-limit ---------------------===//
#include "DiagnosticFlags.h"

#include "Numbers.h"

#include "frontend/Suggest.h"

namespace pykc::driver {

namespace {

using frontend::DiagKind;
using frontend::Severity;

/// The warning kind \p Name names, or nothing with \p Error set.
std::optional<DiagKind> warningKind(const std::string &Flag, const std::string &Prefix,
                                    const std::string &Name, std::string &Error) {
  if (auto K = frontend::kindNamed(Name)) {
    if (frontend::severityOf(*K) == Severity::Warning)
      return K;
    Error = "invalid '" + Flag + "': " + std::string(frontend::kindName(*K)) + " is " +
            (frontend::severityOf(*K) == Severity::Error ? "an error" : "a note") +
            ", not a warning; only warnings can be turned off or made errors";
    return std::nullopt;
  }
  // Suggest in the spelling the user chose: Kind names or kebab case.
  bool Kebab = Name.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos;
  std::vector<std::string> Names;
  for (const std::string &N : frontend::allKindNames()) {
    DiagKind K = *frontend::kindNamed(N);
    if (frontend::severityOf(K) == Severity::Warning)
      Names.push_back(Kebab ? frontend::kebabName(K) : N);
  }
  Error = "unknown warning option '" + Flag + "'";
  std::string Near = frontend::nearestSpelling(Name, Names);
  if (!Near.empty())
    Error += "; did you mean '" + Prefix + Near + "'?";
  return std::nullopt;
}

} // namespace

bool parseDiagnosticFlag(const std::string &A, frontend::DiagnosticOptions &O, std::string &Error) {
  if (A == "-w") {
    O.IgnoreWarnings = true;
    return true;
  }
  if (A.rfind("-ferror-limit", 0) == 0) {
    uint64_t N = 0;
    if (A.rfind("-ferror-limit=", 0) != 0 ||
        parseDecimal(A.substr(14), 1000000, N) != DecimalStatus::Ok)
      Error = "invalid '" + A + "' (expected -ferror-limit=N, N a number of errors; 0 shows all)";
    else
      O.ErrorLimit = unsigned(N);
    return true;
  }
  if (A.size() < 3 || A.rfind("-W", 0) != 0)
    return false;
  if (A == "-Werror" || A == "-Wno-error") {
    O.WarningsAsErrors = A == "-Werror";
    return true;
  }
  if (A == "-Wall") {
    O.AllWarnings = true;
    return true;
  }
  for (const char *Prefix : {"-Werror=", "-Wno-error="}) {
    std::string P = Prefix;
    if (A.rfind(P, 0) != 0)
      continue;
    if (auto K = warningKind(A, P, A.substr(P.size()), Error)) {
      bool On = P == "-Werror=";
      O.Kinds[*K].AsError = On;
      if (On)
        O.Kinds[*K].Enabled = true;
    }
    return true;
  }
  bool Off = A.rfind("-Wno-", 0) == 0;
  std::string Prefix = Off ? "-Wno-" : "-W";
  if (auto K = warningKind(A, Prefix, A.substr(Prefix.size()), Error))
    O.Kinds[*K].Enabled = !Off;
  return true;
}

} // namespace pykc::driver
