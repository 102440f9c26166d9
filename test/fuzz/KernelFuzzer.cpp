//===- KernelFuzzer.cpp - Structure-aware fuzzing of valid kernels --------===//
//
// Starts from real kernels (the documents', the differential corpus', the
// execution tests') and mutates them with KernelMutator.h's mutations,
// which keep most inputs parsing and typing, so the deep phases see new
// kernels rather than syntax errors. Each input is typed, compiled by both
// backends (NVPTX: LLVM IR verified, optimized, printed as PTX; the CPU
// backend's host object), and the PTX is compiled to SASS by the toolkit's
// libnvJitLink when it is installed, which checks it as ptxas does. An
// internal compiler error, an LLVM assertion, PTX that does not compile, a
// crash or a sanitizer report is a failure.
//
// Run: pykc-kernel-fuzzer -timeout=30 -rss_limit_mb=4096 CORPUS
//
//===----------------------------------------------------------------------===//
#include "FuzzCodegen.h"
#include "FuzzTyping.h"
#include "KernelMutator.h"

#include "NvJitLink.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace pykc;

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size, size_t MaxSize,
                                          unsigned int Seed) {
  // One time in eight libFuzzer's own byte mutations, which reach what
  // token-level mutations cannot (inside literals, odd whitespace).
  if (Seed % 8 == 0)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  std::string Out = fuzz::mutateKernel(std::string(reinterpret_cast<char *>(Data), Size), Seed);
  if (Out.size() > MaxSize)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  std::memcpy(Data, Out.data(), Out.size());
  return Out.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const driver::NvJitLink *Jit = [] {
    const driver::NvJitLink *J = driver::NvJitLink::load("");
    std::fprintf(stderr, "pykc-kernel-fuzzer: PTX is %s\n",
                 J ? ("compiled to SASS by " + J->path()).c_str()
                   : "not compiled to SASS (no libnvJitLink in the CUDA toolkit)");
    return J;
  }();
  // How deep the inputs get, said when libFuzzer exits: mutations that
  // stop typing are cheap and common, and this is the share that is not.
  static unsigned long Inputs = 0, Compiled = 0, Linked = 0;
  static const bool Reported = [] {
    std::atexit([] {
      std::fprintf(stderr,
                   "pykc-kernel-fuzzer: %lu inputs, %lu typed and compiled by both backends, "
                   "%lu of them also linked to SASS\n",
                   Inputs, Compiled, Linked);
    });
    return true;
  }();
  (void)Reported;
  ++Inputs;
  FuzzModule M(Data, Size);
  // An input that does not compile stays out of the corpus (-1): the
  // frontend and typing fuzzers cover errors, and mutants of such inputs
  // would mostly fail too, crowding out the kernels that reach code
  // generation.
  if (!M.type() || M.Diags.hasErrors() || !M.Typed.KernelsCompiled) {
    // PYKC_FUZZ_WHY=1: what stopped each input (tuning the mutator).
    static const bool Why = std::getenv("PYKC_FUZZ_WHY") != nullptr;
    if (Why)
      for (const frontend::Diagnostic &D : M.Diags.diagnostics())
        if (D.Kind != frontend::DiagKind::MissingSignature) {
          std::fprintf(stderr, "why: %s\n", std::string(frontend::kindName(D.Kind)).c_str());
          break;
        }
    return -1;
  }
  ++Compiled;

  std::string PTX = fuzzPTX(*M.Typed.IR);
  if (!PTX.empty() && Jit) {
    std::string Log;
    if (!Jit->compile(PTX, FuzzArch, 1, Log)) {
      std::fprintf(stderr, "pykc-kernel-fuzzer: the PTX does not compile:\n%s\n%s\n", Log.c_str(),
                   PTX.c_str());
      std::abort();
    }
    ++Linked;
  }
  fuzzHostObject(*M.Typed.IR);
  return 0;
}
