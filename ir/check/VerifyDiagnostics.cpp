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
  Spelling = Diags.spellingChecks();
}

void DiagnosticVerifier::verify(FunctionInfo &Fn, const ParsedSignature &Sig, bool Kernel) {
  DiagnosticEngine Held(nullptr);
  Held.setSpellingChecks(Spelling);
  if (Kernel)
    Ctx.checkKernel(Fn, Sig, Held);
  else
    Ctx.checkHostEntry(Fn, Sig, Held);
  const std::vector<Diagnostic> &Real = Diags.diagnostics();
  const std::vector<Diagnostic> &Checked = Held.diagnostics();
  size_t N = Real.size() - Before;
  std::string Line;
  for (size_t I = 0; I < std::max(N, Checked.size()) && Line.empty(); ++I) {
    if (I < N && I < Checked.size() && same(Real[Before + I], Checked[I]))
      continue;
    Line = "differs " + Fn.File->name() + " " + Fn.Name + " at " + std::to_string(I) +
           ": lowering " + (I < N ? show(Real[Before + I]) : "(none)") + " checker " +
           (I < Checked.size() ? show(Checked[I]) : "(none)");
  }
  if (Line.empty())
    Line = "same " + Fn.File->name() + " " + Fn.Name + " " + std::to_string(N);
  std::ofstream(Path, std::ios::app) << Line << "\n";
}

} // namespace pykc::ir
