//===- TypingFuzzer.cpp - libFuzzer entry past the frontend ---------------===//
//
// Parses arbitrary bytes as a module, resolves its names and types every
// kernel into the typed IR (ir/, no LLVM), then prints the IR. Kernels
// without a signature get one with a float64[:] array for every parameter,
// so mutated kernels are typed and lowered, not just parsed. Seeded with
// the repository's kernels (the documents', the differential corpus', the
// execution tests'), so mutations start from real kernel code. Any crash,
// hang or sanitizer report is a bug: typing must turn every input into
// diagnostics and IR.
//
// Run: pykc-typing-fuzzer -timeout=5 -rss_limit_mb=2048 CORPUS
//
//===----------------------------------------------------------------------===//
#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/Parser.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using namespace pykc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  frontend::SourceFile File("fuzz.py", std::string(reinterpret_cast<const char *>(Data), Size));
  frontend::DiagnosticEngine Diags(nullptr);
  frontend::ASTContext AST;
  frontend::Module M = frontend::parseModule(File, AST, Diags);
  if (Diags.hasErrors())
    return 0; // the frontend fuzzer covers syntax errors
  ir::TypeContext Types;
  ir::ModuleScope Scope(M, Types, Diags);
  for (ir::FunctionInfo *Fn : Scope.functions())
    if (Fn->Role == ir::FunctionRole::Kernel && Fn->Signatures.empty()) {
      ir::ParsedSignature Sig;
      for (size_t I = 0; I < Fn->Def->Params.size(); ++I)
        Sig.Args.push_back(Types.array(Types.float64(), 1, ir::ArrayLayout::A));
      Sig.File = &File;
      Fn->Signatures.push_back(Sig);
    }
  ir::SemaResult Typed = ir::lowerModule(Scope, Types, Diags, {});
  std::ostringstream OS;
  ir::printModule(*Typed.IR, OS);
  return 0;
}
