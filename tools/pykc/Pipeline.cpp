//===- Pipeline.cpp - Every pass, from source text to the back ends -------===//
//
// The one list of pykc's passes, in the order they run. Each command
// (`pykc FILE`, `-c`, `run`, `call`, `reduce`) runs runFrontend, then hands
// the IR to the emission its output needs, listed at the end of this file.
// A pass that reports an error stops the list where the next comment says
// so; -v times each group of passes (PhaseTimes.h).
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "InputFile.h"
#include "Output.h"
#include "ProgramModules.h"

#include "frontend/Parser.h"
#include "ir/BarrierCheck.h"
#include "ir/CompilePlan.h"
#include "ir/ExpandOperators.h"
#include "ir/HostCheck.h"
#include "ir/MemoryLimits.h"
#include "ir/ParallelLoops.h"
#include "ir/PrecisionCheck.h"
#include "ir/ReductionOrder.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace pykc::driver {

int runFrontend(const FrontendRequest &R, Compilation &C) {
  C.Diags.setOptions(R.Diagnostics);
  frontend::DiagnosticEngine &Diags = C.Diags;

  // 1. Read the source file (size-capped; `-` is standard input).
  PhaseTimes::Scope ReadTime(R.Times, "read");
  std::string Text, Error;
  if (!readSourceFile(R.Input, Text, Error))
    return fail(Error);
  const frontend::SourceFile *File =
      C.Sources.addBuffer(R.Input == "-" ? "<stdin>" : R.Input, std::move(Text));
  ReadTime.stop();

  // 2. Tokens and syntax tree. Syntax errors stop here, as in Python.
  PhaseTimes::Scope ParseTime(R.Times, "parse");
  C.Syntax = frontend::parseModule(*File, C.AST, Diags);
  ParseTime.stop();
  if (Diags.hasErrors())
    return 1;
  if (R.StopAfterParse) // --emit=ast
    return 0;

  // 3. Module-level names: the module's code run as far as it can be
  // decided, with -D's values; the program's other files are read, parsed
  // and resolved here as they are imported. The command may then check the
  // scope and choose the signatures (pykc run: the kernel exists, and the
  // declared signature that its arguments fit).
  PhaseTimes::Scope NamesTime(R.Times, "names");
  if (!resolveModuleNames(R, C))
    return 1;
  std::vector<std::string> SignatureTexts = R.Signatures;
  if (R.CheckScope)
    if (std::string Problem = R.CheckScope(*C.Scope, SignatureTexts); !Problem.empty())
      return fail(Problem);
  NamesTime.stop();

  // 4. Command-line signatures (--sig, or those `pykc run` spelled).
  PhaseTimes::Scope SignaturesTime(R.Times, "signatures");
  std::vector<ir::NamedSignature> Signatures;
  for (const std::string &Sig : SignatureTexts) {
    const frontend::SourceFile *SigFile = C.Sources.addBuffer(R.SignatureOrigin, Sig);
    std::string Name;
    if (auto Parsed = ir::parseSignature(Sig, *SigFile, 0, C.Types, Diags, /*AllowName=*/true, &Name))
      Signatures.push_back({Name, *Parsed});
  }
  if (Diags.hasErrors())
    return 1;
  if (R.AllowUnusedSignatures)
    std::erase_if(Signatures, [&](const ir::NamedSignature &S) { return !C.Scope->function(S.Name); });
  SignaturesTime.stop();

  // 5. Typing: what to compile, the names each body uses, then each
  // kernel, host entry and reduction checked for its signatures (ir/check/:
  // typed to a fixed point, then walked once more with every typing
  // diagnostic) and, when accepted, built into IR from the checker's facts
  // (ir/build/), with the device functions they call.
  PhaseTimes::Scope TypingTime(R.Times, "typing");
  ir::CompilePlan Plan = ir::planCompilation(*C.Scope, Diags, Signatures, R.OnlyKernel);
  ir::checkPlannedNames(Plan, *C.Scope, Diags);
  C.Typed = ir::buildPlannedIR(Plan, *C.Scope, C.Types, Diags,
                               {R.Modules.WarnAll, R.OneSkippedNote});
  TypingTime.stop();

  // 6. Checks and rewrites of the typed IR: @njit(parallel=True)'s prange
  // loops outlined into functions; host entries using no CUDA; each
  // kernel's shared and local memory within a GPU's limits; float64
  // arithmetic where float32 was likely meant; barriers not every thread
  // of a block reaches; with -Wall, the kernels this command skips.
  PhaseTimes::Scope ChecksTime(R.Times, "checks");
  ir::Module &IR = *C.Typed.IR;
  ir::outlineParallelLoops(C.Typed, C.Types, C.Scope->numThreads(), Diags);
  ir::checkHostEntries(C.Typed, Diags);
  ir::checkMemoryLimits(IR, File, Diags);
  ir::checkFloat64Promotion(IR, File, Diags);
  ir::checkDivergentBarriers(IR, File, Diags);
  if (R.Modules.WarnAll)
    ir::checkSkippedKernels(Plan, *C.Scope, C.Types, Diags);
  ir::reportNothingToCompile(Plan, *C.Scope, C.Typed, Diags);
  if (Diags.hasErrors() || (!R.OnlyKernel.empty() && !C.Typed.KernelsCompiled))
    return 1;
  if (R.BoundsCheck) // --boundscheck: every function checks its indices
    for (const auto &F : IR.functions())
      F->BoundsCheck = true;
  ChecksTime.stop();

  // 7. Python's //, %, ** and shifts as calls of functions of primitive
  // operations, the one definition every backend and the interpreter use,
  // and index wrap-around and slice bounds as such functions set on the
  // nodes that index (ExpandOperators.h).
  PhaseTimes::Scope OperatorsTime(R.Times, "operators");
  ir::expandPythonOperators(IR, C.Types);
  OperatorsTime.stop();

  // 8. Reductions whose result depends on the order of operations: each
  // @cuda.reduce operator's IR run on sample values (ReductionOrder.h).
  PhaseTimes::Scope ReductionsTime(R.Times, "reductions");
  ir::checkReductionOrder(IR, *C.Scope, Diags);
  return 0;
}

// Emission, per target. Each command calls the one its output needs:
//   --emit=ast, --emit=ir      printed by Compile.cpp from the AST and IR;
//   --emit=ptx, --emit=llvm    compilePTX below (also `pykc run --backend
//                              cuda`'s PTX);
//   --emit=cuda                codegen::emitCudaSource (CudaSource.h);
//   --emit=cpu-llvm, `run`     the CPU backend (codegen/CPUBackend.h), its
//                              JIT through DeviceCode.h;
//   -c                         compileObject (CompileObject.h): the host
//                              object, GPU images (GpuImages.h) and header.

bool compilePTX(const ir::Module &IR, const codegen::CodegenOptions &Options, bool LLVMText,
                std::string &Out, std::string &Error, PhaseTimes *Times, const std::string &Phase,
                const std::vector<const ir::Function *> *Group) {
  // -v's PHASE/emit, /libdevice, /optimize and /codegen say where the
  // per-file cost of PTX goes (issue 29, goal 3).
  auto Step = [&](const char *Name) { return PhaseTimes::Scope(Times, Phase + "/" + Name); };
  codegen::NVPTXBackend Backend(Options);
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  {
    auto T = Step("emit");
    M = Backend.emit(IR, Ctx, Group);
  }
  {
    auto T = Step("libdevice");
    if (!Backend.linkLibdevice(*M, Error))
      return false;
  }
  {
    auto T = Step("optimize");
    Backend.optimize(*M);
  }
  Out.clear();
  if (!LLVMText) {
    auto T = Step("codegen");
    return Backend.emitPTX(*M, Out, Error);
  }
  llvm::raw_string_ostream OS(Out);
  M->print(OS, nullptr);
  OS.flush();
  return true;
}

} // namespace pykc::driver
