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

void DiagnosticEngine::report(const SourceFile *File, SourceRange Range,
                              DiagKind Kind, std::vector<std::string> Args) {
  Diagnostic D{Kind, File, Range, formatMessage(Kind, Args)};
  switch (severityOf(Kind)) {
  case Severity::Error:
    ++Errors;
    break;
  case Severity::Warning:
    ++Warnings;
    break;
  case Severity::Note:
    break;
  }
  print(D);
  All.push_back(std::move(D));
}

void DiagnosticEngine::reportNoLocation(DiagKind Kind,
                                        std::vector<std::string> Args) {
  report(nullptr, SourceRange(), Kind, std::move(Args));
}

void DiagnosticEngine::print(const Diagnostic &D) const {
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
  O << severityName(severityOf(D.Kind)) << ": " << D.Message << " ["
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

void internalError(std::string_view Message, const char *File, int Line) {
  std::cerr << "pykc: internal compiler error: " << Message << " (at " << File
            << ':' << Line << ")\nPlease report this with the input file.\n";
  std::abort();
}

} // namespace pykc::frontend
