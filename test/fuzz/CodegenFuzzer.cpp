//===- CodegenFuzzer.cpp - libFuzzer entry through both backends ----------===//
//
// As TypingFuzzer.cpp, then every module that types is compiled by both
// backends: NVPTX (LLVM IR verified, optimized, printed as PTX; libdevice
// linked when math needs it) and the CPU backend's host object (x86-64
// code for every kernel and its registration). An internal compiler error
// (PYKC_ICE aborts), an LLVM assertion or a crash is a failure. Slower than
// the typing fuzzer per input (LLVM runs at -O1), so CI gives it a few
// seconds of the same seeds.
//
// Run: pykc-codegen-fuzzer -timeout=10 -rss_limit_mb=4096 CORPUS
//
//===----------------------------------------------------------------------===//
#include "FuzzCodegen.h"
#include "FuzzTyping.h"

using namespace pykc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzModule M(Data, Size);
  if (!M.type() || M.Diags.hasErrors() || !M.Typed.KernelsCompiled)
    return 0;
  fuzzPTX(*M.Typed.IR);
  fuzzHostObject(*M.Typed.IR);
  return 0;
}
