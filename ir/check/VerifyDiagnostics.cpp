//===- check/VerifyDiagnostics.cpp - The checker's reports against the lowering's ===//
#include "ir/check/VerifyDiagnostics.h"

#include "ir/Lowering.h"

#include <cstdlib>
#include <fstream>

namespace pykc::ir {

using namespace frontend;

namespace {

std::string show(const Diagnostic &D) {
  return std::string(kindName(D.Kind)) + " " + (D.File ? D.File->name() : "-") + ":" +
         std::to_string(D.Range.Begin.Line) + ":" + std::to_string(D.Range.Begin.Column) + "-" +
         std::to_string(D.Range.End.Line) + ":" + std::to_string(D.Range.End.Column) + " '" +
         D.Message + "'";
}

bool same(const Diagnostic &A, const Diagnostic &B) {
  return A.Kind == B.Kind && A.File == B.File && A.Range.Begin.Offset == B.Range.Begin.Offset &&
         A.Range.End.Offset == B.Range.End.Offset && A.Message == B.Message;
}

} // namespace

std::unique_ptr<DiagnosticVerifier>
DiagnosticVerifier::fromEnvironment(SemaContext &Ctx, DiagnosticEngine &Diags) {
  const char *Path = std::getenv("PYKC_VERIFY_DIAGNOSTICS");
  if (!Path || !*Path)
    return nullptr;
  return std::unique_ptr<DiagnosticVerifier>(new DiagnosticVerifier(Ctx, Diags, Path));
}

void DiagnosticVerifier::begin() {
  Before = Diags.diagnostics().size();
  LowerBefore = Ctx.LowerDiags.diagnostics().size();
}

void DiagnosticVerifier::verify(FunctionInfo &Fn) {
  const std::vector<Diagnostic> &Checked = Diags.diagnostics();
  const std::vector<Diagnostic> &Lowered = Ctx.LowerDiags.diagnostics();
  size_t N = Checked.size() - Before, L = Lowered.size() - LowerBefore;
  std::string Line;
  for (size_t I = 0; I < std::max(N, L) && Line.empty(); ++I) {
    if (I < N && I < L && same(Lowered[LowerBefore + I], Checked[Before + I]))
      continue;
    Line = "differs " + Fn.File->name() + " " + Fn.Name + " at " + std::to_string(I) +
           ": lowering " + (I < L ? show(Lowered[LowerBefore + I]) : "(none)") + " checker " +
           (I < N ? show(Checked[Before + I]) : "(none)");
  }
  if (Line.empty())
    Line = "same " + Fn.File->name() + " " + Fn.Name + " " + std::to_string(N);
  std::ofstream(Path, std::ios::app) << Line << "\n";
}

} // namespace pykc::ir
