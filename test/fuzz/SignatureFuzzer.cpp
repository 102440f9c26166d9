//===- SignatureFuzzer.cpp - libFuzzer entry for --sig signatures ---------===//
//
// Parses arbitrary bytes as a signature, as `--sig` does (a leading kernel
// name) and as @cuda.jit("...") does (an optional return type). Any crash
// or sanitizer report is a bug, and so is a failure without an error
// diagnostic, a success with one, or a parsed signature whose spelling
// (signatureSpelling) does not parse back to the same interned types.
//
// Run: pykc-signature-fuzzer -timeout=5 -rss_limit_mb=2048 test/fuzz/corpus-signature
//
//===----------------------------------------------------------------------===//
#include "frontend/Diagnostic.h"
#include "frontend/SourceManager.h"
#include "ir/Signature.h"
#include "ir/Type.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using namespace pykc;

namespace {

void parseOnce(const std::string &Text, bool AllowName) {
  frontend::SourceFile File("<--sig>", Text);
  ir::TypeContext Types;
  frontend::DiagnosticEngine Diags(nullptr);
  std::string Name;
  auto Sig = ir::parseSignature(Text, File, 0, Types, Diags, AllowName, &Name);
  if (Sig.has_value() == Diags.hasErrors())
    __builtin_trap();
  // Printing the diagnostics exercises the caret code too.
  std::ostringstream Printed;
  frontend::DiagnosticEngine Printer(&Printed);
  for (const frontend::Diagnostic &D : Diags.diagnostics())
    Printer.report(D.File, D.Range, D.Kind);
  if (!Sig)
    return;

  std::string Spelled = Sig->Return ? ir::signatureSpelling(Sig->Return) : "";
  Spelled += "(";
  for (size_t I = 0; I < Sig->Args.size(); ++I)
    Spelled += (I ? ", " : "") + ir::signatureSpelling(Sig->Args[I]);
  Spelled += ")";
  frontend::SourceFile Again("<spelled>", Spelled);
  frontend::DiagnosticEngine AgainDiags(nullptr);
  auto Reparsed = ir::parseSignature(Spelled, Again, 0, Types, AgainDiags);
  if (!Reparsed || Reparsed->Args != Sig->Args ||
      (Sig->Return && Reparsed->Return != Sig->Return))
    __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  parseOnce(Text, /*AllowName=*/true);
  parseOnce(Text, /*AllowName=*/false);
  return 0;
}
