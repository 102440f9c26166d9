//===- NVPTXBackend.cpp - Optimization and PTX emission -------------------===//
#include "codegen/Codegen.h"

#include "codegen/Emitter.h"
#include "codegen/NVPTXCallResults.h"
#include "codegen/NVPTXCallSequences.h"
#include "codegen/NVPTXRepeatedCalls.h"
#include "codegen/NVPTXTarget.h"
#include "codegen/Optimize.h"
#include "codegen/TargetRegistration.h"
#include "codegen/UnusedGlobals.h"
#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/IPO/Internalize.h>

#include <pykc/KernelABI.h>

#include <algorithm>
#include <map>
#include <set>

namespace pykc::codegen {

using namespace llvm;

namespace {
/// The lowest PTX ISA version each architecture needs (and pykc emits), so
/// the PTX loads on the oldest driver that knows the GPU.
const std::map<std::string, std::string> &ptxVersions() {
  static const std::map<std::string, std::string> Versions = {
      {"sm_75", "+ptx63"}, {"sm_80", "+ptx70"}, {"sm_86", "+ptx71"}, {"sm_87", "+ptx74"},
      {"sm_89", "+ptx78"}, {"sm_90", "+ptx78"}, {"sm_90a", "+ptx80"}};
  return Versions;
}
} // namespace

const std::vector<std::string> &supportedArchs() {
  static const std::vector<std::string> Archs = {"sm_75", "sm_80", "sm_86", "sm_87",
                                                 "sm_89", "sm_90", "sm_90a"};
  return Archs;
}

std::unique_ptr<Module> emitLLVM(const ir::Module &IR, LLVMContext &Ctx, TargetInfo &Target,
                                 FloatOptions Float, bool LineInfo, const KernelFilter &Kernels) {
  auto M = std::make_unique<Module>(IR.name(), Ctx);
  ModuleEmitter Emitter(IR, *M, Target, Float);
  Emitter.LineInfo = LineInfo;
  Emitter.emit(Kernels);
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*M, &OS))
    PYKC_ICE("the emitted LLVM IR is invalid:\n" + OS.str());
  return M;
}

NVPTXBackend::NVPTXBackend(CodegenOptions O) : Options(std::move(O)) {
  registerNVPTXTarget();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget("nvptx64-nvidia-cuda", Error);
  if (!T)
    PYKC_ICE("LLVM has no NVPTX target: " + Error);
  TargetOptions TO;
  // Only what the emitter fused (and fastmath functions' contract flags).
  TO.AllowFPOpFusion = FPOpFusion::Standard;
  CodeGenOptLevel Level = Options.OptLevel == 0   ? CodeGenOptLevel::None
                          : Options.OptLevel == 1 ? CodeGenOptLevel::Less
                          : Options.OptLevel == 2 ? CodeGenOptLevel::Default
                                                  : CodeGenOptLevel::Aggressive;
  TM.reset(T->createTargetMachine("nvptx64-nvidia-cuda", Options.Arch,
                                  ptxVersions().at(Options.Arch), TO, std::nullopt,
                                  std::nullopt, Level));
}

NVPTXBackend::~NVPTXBackend() = default;

bool NVPTXBackend::linkLibdevice(Module &M, std::string &Error) {
  bool Needed = false;
  for (const Function &F : M)
    Needed |= F.isDeclaration() && F.getName().starts_with("__nv_");
  if (!Needed)
    return true;
  if (Options.LibdevicePath.empty()) {
    Error = "this kernel needs libdevice (for math functions), but no libdevice.10.bc was "
            "found; pass --libdevice FILE or --cuda-path DIR";
    return false;
  }
  // libdevice.10.bc is about half a megabyte: a file that is not a regular
  // file (/dev/zero, a FIFO) or far larger is not libdevice, and reading it
  // whole would not end or would exhaust memory.
  constexpr uint64_t MaxLibdeviceBytes = uint64_t(64) << 20;
  auto NotLibdevice = [&](const std::string &Why) {
    Error = "'" + Options.LibdevicePath + "' is not libdevice: " + Why +
            "; pass the CUDA toolkit's nvvm/libdevice/libdevice.10.bc";
    return false;
  };
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Options.LibdevicePath, Status)) {
    Error = "cannot read libdevice '" + Options.LibdevicePath + "': " + EC.message();
    return false;
  }
  if (!sys::fs::is_regular_file(Status))
    return NotLibdevice("it is not a regular file");
  if (Status.getSize() > MaxLibdeviceBytes)
    return NotLibdevice("it is larger than 64 MiB");
  auto Buffer = MemoryBuffer::getFile(Options.LibdevicePath);
  if (!Buffer) {
    Error = "cannot read libdevice '" + Options.LibdevicePath + "': " + Buffer.getError().message();
    return false;
  }
  // Read lazily: a function's body is read only when the link needs it,
  // and a kernel needs a handful of libdevice's 350 functions (reading all
  // of them was most of the link's time).
  auto Lib = getOwningLazyBitcodeModule(std::move(*Buffer), M.getContext());
  if (!Lib) {
    Error = "cannot parse libdevice '" + Options.LibdevicePath + "': " + toString(Lib.takeError());
    return false;
  }
  // Bitcode that is not libdevice would link, leave the math functions
  // undefined and give PTX that ptxas rejects: every __nv_ function the
  // kernels call must be defined there.
  for (const Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with("__nv_")) {
      const Function *Def = (*Lib)->getFunction(F.getName());
      if (!Def || Def->isDeclaration())
        return NotLibdevice("it does not define " + F.getName().str());
    }
  (*Lib)->setTargetTriple(M.getTargetTriple());
  (*Lib)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded)) {
    Error = "cannot link libdevice '" + Options.LibdevicePath + "'";
    return false;
  }
  // Keep only the kernels visible so unused libdevice code is dropped.
  std::set<std::string> Kernels;
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    for (MDNode *Op : Annotations->operands())
      if (auto *V = mdconst::dyn_extract_or_null<Function>(Op->getOperand(0)))
        Kernels.insert(V->getName().str());
  internalizeModule(M, [&](const GlobalValue &G) { return Kernels.count(G.getName().str()) != 0; });
  return true;
}

void NVPTXBackend::optimize(Module &M) {
  keepRepeatedCallsOutOfLine(M); // keeps huge kernels' optimization linear
  M.setDataLayout(TM->createDataLayout());
  // Flush-to-zero off, as in Numba without fastmath: libdevice reads it.
  M.addModuleFlag(Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  runOptimizationPipeline(M, *TM, Options.OptLevel);
}

namespace {

/// Erases the functions and globals nothing in a group's module uses
/// (UnusedGlobals.h): ptxas compiles every .func a module has, so without
/// this each group would carry the whole file's. Kernels are named only by
/// nvvm.annotations, which is no use, so they are kept by name, as is the
/// --boundscheck record, which the runtime looks up by name.
void keepOnlyUsed(Module &M, const std::vector<const ir::Function *> &Kernels) {
  std::set<std::string> Kept = {PYKC_BOUNDS_RECORD_SYMBOL};
  for (const ir::Function *K : Kernels)
    Kept.insert(K->SymbolName);
  eraseUnusedGlobals(M, [&](const GlobalValue &G) { return !Kept.count(G.getName().str()); });
}

} // namespace

std::unique_ptr<Module> NVPTXBackend::emit(const ir::Module &IR, LLVMContext &Ctx,
                                           const std::vector<const ir::Function *> *Group) {
  NVPTXTarget Target;
  KernelFilter Only;
  if (Group)
    Only = [Group](const ir::Function &F) {
      return std::find(Group->begin(), Group->end(), &F) != Group->end();
    };
  std::unique_ptr<Module> M = emitLLVM(IR, Ctx, Target, Options.Float, Options.LineInfo, Only);
  if (Group)
    keepOnlyUsed(*M, *Group);
  M->setDataLayout(TM->createDataLayout());
  return M;
}

std::unique_ptr<Module> NVPTXBackend::compile(const ir::Module &IR, LLVMContext &Ctx,
                                              std::string &Error) {
  std::unique_ptr<Module> M = emit(IR, Ctx);
  if (!linkLibdevice(*M, Error))
    return nullptr;
  optimize(*M);
  return M;
}

bool NVPTXBackend::emitPTX(Module &M, std::string &PTX, std::string &Error) {
  returnCallResultsThroughMemory(M); // keeps huge kernels' code generation linear
  SmallString<0> Buffer;
  raw_svector_ostream OS(Buffer);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile)) {
    Error = "the NVPTX target cannot emit PTX";
    return false;
  }
  PM.run(M);
  PTX = std::string(Buffer.str());
  renumberCallSequences(PTX); // the same bytes whatever ran on other threads
  return true;
}

} // namespace pykc::codegen
