//===- Diagnostic.cpp -----------------------------------------------------===//
#include "frontend/Diagnostic.h"

#include <cstdlib>
#include <iostream>

namespace pykc::frontend {

namespace {
struct KindInfo {
  std::string_view Name;
  Severity Sev;
  std::string_view Format;
};

constexpr KindInfo Kinds[] = {
#define DIAG(Kind, Sev, Format) {#Kind, Severity::Sev, Format},
#include "frontend/Diagnostic.def"
};

const KindInfo &info(DiagKind K) { return Kinds[static_cast<int>(K)]; }

std::string_view severityName(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}
} // namespace

Severity severityOf(DiagKind Kind) { return info(Kind).Sev; }
std::string_view kindName(DiagKind Kind) { return info(Kind).Name; }

std::string kebabName(DiagKind Kind) {
  std::string_view N = kindName(Kind);
  std::string Out;
  for (size_t I = 0; I < N.size(); ++I) {
    char C = N[I];
    bool Upper = C >= 'A' && C <= 'Z';
    if (Upper && I > 0 && !(N[I - 1] >= 'A' && N[I - 1] <= 'Z'))
      Out += '-';
    Out += Upper ? char(C - 'A' + 'a') : C;
  }
  return Out;
}

std::optional<DiagKind> kindNamed(std::string_view Name) {
  for (size_t I = 0; I < std::size(Kinds); ++I) {
    auto K = static_cast<DiagKind>(I);
    if (Kinds[I].Name == Name || kebabName(K) == Name)
      return K;
  }
  return std::nullopt;
}

std::vector<std::string> allKindNames() {
  std::vector<std::string> Names;
  for (const KindInfo &K : Kinds)
    Names.emplace_back(K.Name);
  return Names;
}

std::string formatMessage(DiagKind Kind, const std::vector<std::string> &Args) {
  std::string_view F = info(Kind).Format;
  std::string Out;
  for (size_t I = 0; I < F.size(); ++I) {
    if (F[I] == '{' && I + 2 < F.size() && F[I + 2] == '}' && F[I + 1] >= '0' &&
        F[I + 1] <= '9') {
      size_t N = static_cast<size_t>(F[I + 1] - '0');
      if (N < Args.size())
        Out += Args[N];
      I += 2;
      continue;
    }
    Out += F[I];
  }
  return Out;
}

std::optional<Severity> DiagnosticEngine::shownSeverity(DiagKind Kind) const {
  Severity S = severityOf(Kind);
  if (S != Severity::Warning)
    return S;
  if (Options.IgnoreWarnings)
    return std::nullopt;
  DiagnosticOptions::KindControl Control;
  if (auto It = Options.Kinds.find(Kind); It != Options.Kinds.end())
    Control = It->second;
  if (!Control.Enabled.value_or(true))
    return std::nullopt;
  return Control.AsError.value_or(Options.WarningsAsErrors) ? Severity::Error : Severity::Warning;
}

void DiagnosticEngine::report(const SourceFile *File, SourceRange Range,
                              DiagKind Kind, std::vector<std::string> Args) {
  Diagnostic D{Kind, File, Range, formatMessage(Kind, Args)};
  std::optional<Severity> Shown = shownSeverity(Kind);
  if (Shown == Severity::Note) {
    // A note belongs to the diagnostic before it and is shown with it.
    if (LastShown)
      print(D, Severity::Note);
  } else if (!Shown) {
    LastShown = false;
  } else if (severityOf(Kind) == Severity::Warning &&
             !ShownWarnings
                  .emplace(Kind, File, Range.isValid() ? Range.Begin.Offset : 0,
                           Range.isValid() ? std::string() : D.Message)
                  .second) {
    LastShown = false; // the same warning at the same place: shown once
  } else if (*Shown == Severity::Warning) {
    ++Warnings;
    LastShown = true;
    print(D, Severity::Warning);
  } else {
    ++Errors;
    LastShown = Options.ErrorLimit == 0 || ErrorsShown < Options.ErrorLimit;
    if (LastShown) {
      ++ErrorsShown;
      print(D, Severity::Error);
    } else {
      ++ErrorsHidden;
    }
  }
  All.push_back(std::move(D));
}

void DiagnosticEngine::finish() {
  if (Finished || !ErrorsHidden)
    return;
  Finished = true;
  if (OS)
    *OS << "pykc: note: " << ErrorsHidden << " more error" << (ErrorsHidden == 1 ? " was" : "s were")
        << " not shown (-ferror-limit=" << Options.ErrorLimit
        << "; -ferror-limit=0 shows every error)\n";
}

void DiagnosticEngine::reportNoLocation(DiagKind Kind,
                                        std::vector<std::string> Args) {
  report(nullptr, SourceRange(), Kind, std::move(Args));
}

void DiagnosticEngine::print(const Diagnostic &D, Severity Shown) const {
  if (!OS)
    return;
  std::ostream &O = *OS;
  if (D.File) {
    O << D.File->name() << ':';
    if (D.Range.isValid())
      O << D.Range.Begin.Line << ':' << D.Range.Begin.Column << ':';
    O << ' ';
  } else {
    O << "pykc: ";
  }
  O << severityName(Shown) << ": " << D.Message << " ["
    << kindName(D.Kind) << "]\n";
  if (!D.File || !D.Range.isValid())
    return;
  std::string_view Line = D.File->lineText(D.Range.Begin.Line);
  O << Line << '\n';
  // Rebuild the indentation from the line itself so tabs line up.
  std::string Marker;
  uint32_t Col = D.Range.Begin.Column;
  for (uint32_t I = 1; I < Col && I - 1 < Line.size(); ++I)
    Marker += Line[I - 1] == '\t' ? '\t' : ' ';
  Marker += '^';
  // Underline to the end of the range, or of the line for multi-line ranges.
  uint32_t EndCol = D.Range.End.Line == D.Range.Begin.Line
                        ? D.Range.End.Column
                        : static_cast<uint32_t>(Line.size()) + 1;
  for (uint32_t C = Col + 1; C < EndCol; ++C)
    Marker += '~';
  O << Marker << '\n';
}

} // namespace pykc::frontend
