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
#include "FuzzTyping.h"

#include <sstream>

using namespace pykc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzModule M(Data, Size);
  if (!M.type())
    return 0;
  std::ostringstream OS;
  ir::printModule(*M.Typed.IR, OS);
  return 0;
}
