//===- FrontendFuzzer.cpp - libFuzzer entry for the frontend --------------===//
//
// Tokenizes, parses and dumps arbitrary bytes. Any crash, hang, sanitizer
// report or unbounded recursion is a bug: the frontend must turn every input
// into diagnostics and a (possibly partial) module.
//
// Run: pykc-frontend-fuzzer -timeout=5 -rss_limit_mb=2048 test/fuzz/corpus
//
//===----------------------------------------------------------------------===//
#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/Lexer.h"
#include "frontend/Parser.h"
#include "frontend/SourceManager.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using namespace pykc::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceFile File("fuzz.py",
                  std::string(reinterpret_cast<const char *>(Data), Size));
  DiagnosticEngine LexDiags(nullptr);
  std::vector<Token> Tokens = tokenize(File, LexDiags);
  if (Tokens.empty() || !Tokens.back().is(TokenKind::EndOfFile))
    __builtin_trap();

  DiagnosticEngine Diags(nullptr);
  ASTContext Ctx;
  Module M = parseModule(File, Ctx, Diags);
  std::ostringstream Dump;
  dumpAST(M, Dump);
  // Printing the diagnostics exercises the caret code too.
  std::ostringstream Printed;
  DiagnosticEngine Printer(&Printed);
  for (const Diagnostic &D : Diags.diagnostics())
    Printer.report(D.File, D.Range, D.Kind);
  return 0;
}
