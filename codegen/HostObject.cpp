//===- HostObject.cpp - The CPU code, GPU images and kernel table ---------===//
#include "codegen/HostObject.h"
#include "codegen/GpuGroups.h"

#include "codegen/CPUBackend.h"
#include "codegen/CPUVersions.h"
#include "codegen/Optimize.h"
#include "codegen/TargetRegistration.h"
#include "codegen/UnusedGlobals.h"
#include "frontend/Diagnostic.h"
#include "ir/Signature.h"
#include "support/InternalError.h"

#include <pykc/ModuleABI.h>
#include <pykc/SharedABI.h>

#include <llvm/ADT/SmallString.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>


namespace pykc::codegen {

using namespace llvm;

std::string hostEntrySymbol(const std::string &Namespace, const std::string &Symbol) {
  return moduleSymbol(Namespace) + "__" + Symbol + "__host";
}

std::string moduleSymbol(const std::string &Namespace) {
  std::string S = "pykc_module_";
  for (size_t I = 0; I < Namespace.size(); ++I) {
    if (Namespace.compare(I, 2, "::") == 0) {
      S += "__";
      ++I;
    } else {
      S += Namespace[I];
    }
  }
  return S;
}

std::string kernelSignatureText(const ir::Function &F) {
  std::string S = "(";
  for (size_t I = 0; I < F.Params.size(); ++I) {
    const ir::Variable *P = F.Params[I];
    S += (I ? ", " : "") + P->Name + ": " + ir::signatureSpelling(P->ArgType);
  }
  return S + ")";
}

namespace {

/// The machine for \p Cpu, one CPU of --host-cpu's list (CPUVersions.h).
std::unique_ptr<TargetMachine> hostTargetMachine(const std::string &Cpu, unsigned OptLevel,
                                                 std::string &Error) {
  registerHostTarget();
  std::string Triple = sys::getDefaultTargetTriple();
  const Target *T = TargetRegistry::lookupTarget(Triple, Error);
  if (!T)
    return nullptr;
  std::string Name = Cpu, Features;
  if (Cpu == "native") {
    Name = sys::getHostCPUName().str();
    for (const auto &[Feature, On] : sys::getHostCPUFeatures())
      Features += (Features.empty() ? "" : ",") + std::string(On ? "+" : "-") + Feature.str();
  }
  TargetOptions TO;
  // Only what the emitter fused, as on the GPU and in the JIT, so the
  // backends agree.
  TO.AllowFPOpFusion = FPOpFusion::Standard;
  // Asked with no CPU, so an unknown name is our error, not LLVM's warning.
  std::unique_ptr<MCSubtargetInfo> STI(T->createMCSubtargetInfo(Triple, "", ""));
  if (!STI || !STI->isCPUStringValid(Name)) {
    Error = "unknown --host-cpu '" + Cpu + "' (e.g. x86-64, x86-64-v3, native)";
    return nullptr;
  }
  CodeGenOptLevel Level = OptLevel == 0   ? CodeGenOptLevel::None
                          : OptLevel == 1 ? CodeGenOptLevel::Less
                          : OptLevel == 2 ? CodeGenOptLevel::Default
                                          : CodeGenOptLevel::Aggressive;
  return std::unique_ptr<TargetMachine>(
      T->createTargetMachine(Triple, Name, Features, TO, Reloc::PIC_, std::nullopt, Level));
}

/// Builds the constant tables of the object around the CPU module's code.
class TableBuilder {
public:
  explicit TableBuilder(Module &M) : M(M), C(M.getContext()) {
    Ptr = PointerType::get(C, 0);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
  }

  /// A private NUL-terminated string.
  Constant *string(const std::string &S) {
    auto It = Strings.find(S);
    if (It != Strings.end())
      return It->second;
    auto *Init = ConstantDataArray::getString(C, S, true);
    auto *G = new GlobalVariable(M, Init->getType(), true, GlobalValue::PrivateLinkage, Init,
                                 ".pykc.str");
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    G->setAlignment(Align(1));
    return Strings[S] = G;
  }

  /// A private array of string pointers.
  Constant *stringArray(const std::vector<std::string> &List) {
    if (List.empty())
      return ConstantPointerNull::get(Ptr);
    std::vector<Constant *> Elems;
    for (const std::string &S : List)
      Elems.push_back(string(S));
    auto *Ty = ArrayType::get(Ptr, Elems.size());
    return new GlobalVariable(M, Ty, true, GlobalValue::PrivateLinkage,
                              ConstantArray::get(Ty, Elems), ".pykc.names");
  }

  /// The image's table entry and its bytes; with \p Later, one byte in a
  /// section of its own instead of them, and a size of 0 (imageSection).
  Constant *image(const GpuImage &Image, bool Later) {
    bool Text = Image.Kind == PYKC_IMAGE_PTX; // the driver wants a NUL
    Constant *Init = Later ? ConstantDataArray::get(C, ArrayRef<uint8_t>{0})
                           : ConstantDataArray::getString(C, Image.Data, Text);
    auto *G = new GlobalVariable(M, Init->getType(), true, GlobalValue::PrivateLinkage, Init,
                                 ".pykc.image." + std::to_string(Image.Group) + "." + Image.Arch);
    G->setAlignment(Align(16)); // fatbins are read as 8-byte words
    if (Later)
      G->setSection(imageSection(Images++));
    return ConstantStruct::get(imageType(),
                               {ConstantInt::get(I32, Image.Kind), ConstantInt::get(I32, Image.Sm),
                                string(Image.Arch), G,
                                ConstantInt::get(I64, Later ? 0 : Image.Data.size()),
                                ConstantInt::get(I32, Image.Group), ConstantInt::get(I32, 0)});
  }

  StructType *imageType() {
    if (!ImageTy)
      ImageTy = StructType::create(C, {I32, I32, Ptr, Ptr, I64, I32, I32}, "pykc_gpu_image");
    return ImageTy;
  }
  StructType *entryType() {
    if (!EntryTy)
      EntryTy = StructType::create(
          C, {Ptr, Ptr, Ptr, I32, I32, I64, I32, I32, Ptr, Ptr, Ptr, Ptr, I32, I32},
          "pykc_kernel_entry");
    return EntryTy;
  }
  StructType *moduleType() {
    return StructType::create(C, {I32, I32, I32, I32, Ptr, Ptr, Ptr, Ptr, I32, I32},
                              "pykc_module_image");
  }
  StructType *reductionType() {
    if (!ReductionTy)
      ReductionTy = StructType::create(C, {Ptr, Ptr, I32, I32}, "pykc_shared_reduction");
    return ReductionTy;
  }
  StructType *functionType() {
    if (!FunctionTy)
      FunctionTy = StructType::create(C, {Ptr, Ptr, Ptr, I32, I32, Ptr, Ptr, Ptr, Ptr},
                                      "pykc_shared_function");
    return FunctionTy;
  }
  StructType *sharedType() {
    return StructType::create(C, {I32, I32, I32, I32, Ptr, Ptr, Ptr}, "pykc_shared_module");
  }

  /// A private constant array of Ty, or null when Elems is empty.
  Constant *table(StructType *Ty, const std::vector<Constant *> &Elems, const char *Name,
                  const char *Section = nullptr) {
    if (Elems.empty())
      return ConstantPointerNull::get(Ptr);
    auto *ATy = ArrayType::get(Ty, Elems.size());
    auto *G = new GlobalVariable(M, ATy, true, GlobalValue::PrivateLinkage,
                                 ConstantArray::get(ATy, Elems), Name);
    G->setAlignment(Align(8));
    if (Section)
      G->setSection(Section);
    return G;
  }

  Module &M;
  LLVMContext &C;
  PointerType *Ptr;
  IntegerType *I32, *I64;
  size_t Images = 0; ///< Placeholders made.

private:
  std::map<std::string, Constant *> Strings;
  StructType *ImageTy = nullptr, *EntryTy = nullptr, *ReductionTy = nullptr,
             *FunctionTy = nullptr;
};

/// Reads, then removes, one of the constants emitCpuModule puts beside a
/// kernel (SYM__cpu_shared_bytes, SYM__cpu_uses_barrier).
uint64_t takeConstant(Module &M, const std::string &Name) {
  GlobalVariable *G = M.getNamedGlobal(Name);
  if (!G || !G->hasInitializer())
    PYKC_ICE("the CPU module lacks " + Name);
  uint64_t V = cast<ConstantInt>(G->getInitializer())->getZExtValue();
  if (G->use_empty())
    G->eraseFromParent();
  else
    G->setLinkage(GlobalValue::InternalLinkage);
  return V;
}

unsigned flattenedSlots(const ir::Function &F) {
  unsigned Slots = 0;
  for (const ir::Variable *P : F.Params)
    Slots += ir::kernelSlots(P->ArgType);
  return Slots;
}

/// pykc_shared_module (pykc/SharedABI.h): the reductions, by the indices
/// of their kernels in the table, and the @njit functions' host entries.
void addSharedTable(TableBuilder &T, const ir::Module &IR, const HostObjectOptions &Options,
                    GlobalVariable *Registration) {
  std::vector<Constant *> Reductions, Functions;
  uint32_t Index = 0;
  // Index of the GPU kernel per (operator, dtype), to pair it with the CPU's.
  std::vector<std::pair<const ir::ReduceKernel *, uint32_t[2]>> Pairs;
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    uint32_t Own = Index++;
    if (!F->Reduce)
      continue;
    auto It = std::find_if(Pairs.begin(), Pairs.end(), [&](const auto &P) {
      return P.first->Operator == F->Reduce->Operator && P.first->Dtype == F->Reduce->Dtype;
    });
    if (It == Pairs.end()) {
      Pairs.emplace_back();
      It = Pairs.end() - 1;
      It->first = &*F->Reduce;
    }
    It->second[F->Reduce->K == ir::ReduceKernel::Kind::Cpu ? 1 : 0] = Own;
  }
  for (const auto &[R, Kernels] : Pairs)
    Reductions.push_back(ConstantStruct::get(
        T.reductionType(),
        {T.string(R->Operator), T.string(R->Dtype->str()), ConstantInt::get(T.I32, Kernels[0]),
         ConstantInt::get(T.I32, Kernels[1])}));
  for (const auto &F : IR.functions()) {
    if (!F->HostEntry)
      continue;
    Function *Entry = T.M.getFunction(hostEntrySymbol(Options.Namespace, F->SymbolName));
    if (!Entry)
      PYKC_ICE("the CPU module lacks the host entry of " + F->SymbolName);
    std::vector<std::string> Names, Types;
    for (const ir::Variable *P : F->Params) {
      Names.push_back(P->Name);
      Types.push_back(ir::signatureSpelling(P->ArgType));
    }
    const ir::Type *Ret = F->ReturnType;
    std::string RetText =
        !Ret || Ret->kind() == ir::TypeKind::None ? "none" : ir::signatureSpelling(Ret);
    Functions.push_back(ConstantStruct::get(
        T.functionType(),
        {T.string(F->PyName), T.string(F->SymbolName), T.string(kernelSignatureText(*F)),
         ConstantInt::get(T.I32, F->Params.size()), ConstantInt::get(T.I32, ir::scalarCount(Ret)),
         T.stringArray(Names), T.stringArray(Types), T.string(RetText), Entry}));
  }
  StructType *Ty = T.sharedType();
  auto *G = new GlobalVariable(
      T.M, Ty, true, GlobalValue::ExternalLinkage,
      ConstantStruct::get(Ty, {ConstantInt::get(T.I32, PYKC_ABI_VERSION),
                               ConstantInt::get(T.I32, Reductions.size()),
                               ConstantInt::get(T.I32, Functions.size()),
                               ConstantInt::get(T.I32, PYKC_SHARED_ABI_VERSION), Registration,
                               T.table(T.reductionType(), Reductions, ".pykc.reductions"),
                               T.table(T.functionType(), Functions, ".pykc.functions")}),
      PYKC_SHARED_SYMBOL_NAME);
  G->setAlignment(Align(8));
}

} // namespace

namespace {

/// The optimized CPU module of \p IR for Options.HostCpu (its first CPU
/// when it names several), and in \p TM the
/// machine that compiles it; null (with \p Error) when LLVM cannot target
/// that CPU. \p Checked: the kernels instrumented for --check instead.
std::unique_ptr<Module> cpuModule(const ir::Module &IR, const HostObjectOptions &Options,
                                  LLVMContext &Ctx, std::unique_ptr<TargetMachine> &TM,
                                  std::string &Error, bool Checked = false) {
  std::vector<std::string> Cpus = hostCpuList(Options.HostCpu, Error);
  TM = Cpus.empty() ? nullptr : hostTargetMachine(Cpus[0], Options.OptLevel, Error);
  if (!TM)
    return nullptr;
  std::unique_ptr<Module> M = emitCpuModule(IR, Ctx, *TM, Options.OptLevel, Options.Float, {},
                                            Checked, Options.PassTimes);
  M->setModuleIdentifier(Options.SourcePath);
  return M;
}

/// -c --check: \p Checked, the kernels of \p M again, optimized and
/// instrumented (emitCpuModule with Check), linked into \p M with each
/// entry renamed SYM__cpu_check_entry; everything else of it stays inside.
void linkCheckedKernels(Module &M, const ir::Module &IR, std::unique_ptr<Module> Checked) {
  std::vector<Function *> Entries;
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      if (Function *Entry = Checked->getFunction(F->SymbolName + "__cpu")) {
        Entry->setName(F->SymbolName + "__cpu_check_entry");
        Entries.push_back(Entry);
      }
  for (GlobalValue &G : Checked->global_values())
    if (!G.isDeclaration())
      G.setLinkage(GlobalValue::InternalLinkage);
  for (Function *Entry : Entries)
    Entry->setLinkage(GlobalValue::ExternalLinkage);
  if (Linker::linkModules(M, std::move(Checked)))
    PYKC_ICE("the checked CPU kernels do not link beside the others");
}

} // namespace

bool emitCpuLLVMText(const ir::Module &IR, const HostObjectOptions &Options, std::string &Text,
                     std::string &Error) {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  // With --check, the instrumented kernels `pykc run --check` runs.
  std::unique_ptr<Module> M = cpuModule(IR, Options, Ctx, TM, Error, Options.Check);
  if (!M)
    return false;
  raw_string_ostream OS(Text);
  M->print(OS, nullptr);
  return true;
}

HostModule::HostModule() = default;
HostModule::HostModule(HostModule &&) = default;
HostModule::~HostModule() {
  M.reset(); // before the context that owns its types
}

bool buildHostModule(const ir::Module &IR, const HostObjectOptions &Options, HostModule &Host,
                     std::string &Error) {
  Host.Ctx = std::make_unique<LLVMContext>();
  Host.M = cpuModule(IR, Options, *Host.Ctx, Host.TM, Error);
  if (Host.M && Options.Check)
    linkCheckedKernels(*Host.M, IR,
                       emitCpuModule(IR, *Host.Ctx, *Host.TM, Options.OptLevel, Options.Float, {},
                                     true, Options.PassTimes, /*HostEntries=*/false));
  return Host.M != nullptr;
}

bool emitHostObject(const ir::Module &IR, const std::vector<GpuImage> &Images,
                    const HostObjectOptions &Options, std::string &Object, std::string &Error) {
  HostModule Host;
  return buildHostModule(IR, Options, Host, Error) &&
         emitHostObject(Host, IR, Images, Options, Object, Error);
}

namespace {

/// What the tables say of one kernel's CPU code.
struct KernelCode {
  Constant *Thread = nullptr, *Block = nullptr, *CheckThread = nullptr;
  uint64_t SharedBytes = 0;
  bool UsesBarrier = false;
};

/// Machine code for \p M into \p Object.
bool compileToObject(Module &M, TargetMachine &TM, std::string &Object, std::string &Error) {
  SmallString<0> Buffer;
  raw_svector_ostream Out(Buffer);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, Out, nullptr, CodeGenFileType::ObjectFile)) {
    Error = "LLVM cannot write objects for " + TM.getTargetTriple().str();
    return false;
  }
  PM.run(M);
  Object.assign(Buffer.begin(), Buffer.end());
  return true;
}

/// Adds the kernel table, the registration, --shared's table and the stamp
/// to \p M for the kernels \p Code describes (in \p IR's order), and
/// compiles \p M into \p Object.
bool addTablesAndCompile(Module &M, TargetMachine &TM, const ir::Module &IR,
                         const std::vector<KernelCode> &Code, const std::vector<GpuImage> &Images,
                         const HostObjectOptions &Options, std::string &Object,
                         std::string &Error, bool ImagesLater = false) {
  TableBuilder T(M);
  std::vector<Constant *> Entries;
  // The groups the images were built in (GpuImages.h): the same rule on
  // the same kernels.
  GpuGroups Groups = gpuGroups(IR);
  size_t K = 0;
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    uint32_t Group = Groups.OfKernel.at(K);
    const KernelCode &C = Code.at(K++);
    std::vector<std::string> Names, Types;
    for (const ir::Variable *P : F->Params) {
      Names.push_back(P->Name);
      Types.push_back(ir::signatureSpelling(P->ArgType));
    }
    Entries.push_back(ConstantStruct::get(
        T.entryType(),
        {T.string(F->PyName), T.string(F->SymbolName), T.string(kernelSignatureText(*F)),
         ConstantInt::get(T.I32, F->Params.size()), ConstantInt::get(T.I32, flattenedSlots(*F)),
         ConstantInt::get(T.I64, C.SharedBytes), ConstantInt::get(T.I32, C.UsesBarrier),
         ConstantInt::get(T.I32, F->UsesGridSync ? PYKC_KERNEL_COOPERATIVE : 0u), C.Thread,
         C.Block ? C.Block : ConstantPointerNull::get(T.Ptr), T.stringArray(Names),
         T.stringArray(Types), ConstantInt::get(T.I32, Group), ConstantInt::get(T.I32, 0)}));
  }
  // -c --check: each kernel's instrumented twin, in the same order.
  size_t Plain = Entries.size();
  if (Options.Check)
    for (size_t I = 0; I < Plain; ++I) {
      auto *E = cast<ConstantStruct>(Entries[I]);
      std::vector<Constant *> Fields;
      for (unsigned Op = 0; Op < E->getNumOperands(); ++Op)
        Fields.push_back(E->getOperand(Op));
      Fields[8] = Code[I].CheckThread;
      Fields[9] = ConstantPointerNull::get(T.Ptr); // a thread a call
      Entries.push_back(ConstantStruct::get(T.entryType(), Fields));
    }
  std::vector<Constant *> ImageElems;
  for (const GpuImage &Image : Images)
    ImageElems.push_back(T.image(Image, ImagesLater));

  StructType *ModuleTy = T.moduleType();
  auto *Registration = new GlobalVariable(
      M, ModuleTy, true, GlobalValue::ExternalLinkage,
      ConstantStruct::get(ModuleTy,
                          {ConstantInt::get(T.I32, PYKC_MODULE_ABI_VERSION),
                           ConstantInt::get(T.I32, ImageElems.size()),
                           ConstantInt::get(T.I32, Plain),
                           ConstantInt::get(T.I32, Entries.size() - Plain),
                           T.string(Options.Namespace), T.string(Options.SourcePath),
                           T.table(T.imageType(), ImageElems, ".pykc.images",
                                   ImagesLater ? ImageTableSection : nullptr),
                           T.table(T.entryType(), Entries, ".pykc.kernels"),
                           ConstantInt::get(T.I32, Groups.Count), ConstantInt::get(T.I32, 0)}),
      moduleSymbol(Options.Namespace));
  Registration->setAlignment(Align(8));
  if (Options.Shared)
    addSharedTable(T, IR, Options, Registration);
  if (!Options.StampSymbol.empty()) {
    // The stamp points at the runtime's ABI symbol: linking the object
    // needs a runtime of the same ABI, and its header needs this object.
    auto *Abi = new GlobalVariable(M, Type::getInt8Ty(M.getContext()), true,
                                   GlobalValue::ExternalLinkage, nullptr, PYKC_ABI_SYMBOL_NAME);
    auto *Stamp = new GlobalVariable(M, T.Ptr, true, GlobalValue::ExternalLinkage, Abi,
                                     Options.StampSymbol);
    Stamp->setAlignment(Align(8));
  }

  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(M, &OS))
    PYKC_ICE("the host object's LLVM IR is invalid:\n" + OS.str());
  // The tables must have the runtime's layout; the compiler runs on the
  // x86-64 host it targets, so the C structs' sizes are the reference.
  const DataLayout &DL = M.getDataLayout();
  if (Options.Shared && (DL.getTypeAllocSize(T.reductionType()) != sizeof(pykc_shared_reduction) ||
                         DL.getTypeAllocSize(T.functionType()) != sizeof(pykc_shared_function)))
    PYKC_ICE("the shared library's tables do not match runtime/include/pykc/SharedABI.h");
  if (DL.getTypeAllocSize(T.imageType()) != sizeof(pykc_gpu_image) ||
      DL.getTypeAllocSize(T.entryType()) != sizeof(pykc_kernel_entry) ||
      DL.getTypeAllocSize(ModuleTy) != sizeof(pykc_module_image))
    PYKC_ICE("the object's tables do not match runtime/include/pykc/ModuleABI.h");
  return compileToObject(M, TM, Object, Error);
}

/// Names the @njit functions' host entries after the module
/// (hostEntrySymbol) and makes every other definition of \p M internal:
/// kernels of two modules with the same names must link side by side.
/// \p Keep: definitions that stay visible (a part's kernel entries).
void internalizeAllBut(Module &M, const ir::Module &IR, const HostObjectOptions &Options,
                       const std::vector<GlobalValue *> &Keep = {}) {
  std::vector<Function *> HostEntries;
  for (const auto &F : IR.functions())
    if (F->HostEntry)
      if (Function *W = M.getFunction(F->SymbolName + "__host")) {
        W->setName(hostEntrySymbol(Options.Namespace, F->SymbolName));
        HostEntries.push_back(W);
      }
  for (GlobalValue &G : M.global_values())
    if (!G.isDeclaration())
      G.setLinkage(GlobalValue::InternalLinkage);
  for (Function *W : HostEntries)
    W->setLinkage(GlobalValue::ExternalLinkage);
  for (GlobalValue *G : Keep) {
    G->setLinkage(GlobalValue::ExternalLinkage);
    G->setVisibility(GlobalValue::HiddenVisibility);
  }
}

/// Removes what nothing in \p M uses (UnusedGlobals.h): a part's cache key
/// must not change with a function its kernel never calls. (The optimizer
/// would drop them anyway, so the code is the same.)
void dropUnreferenced(Module &M) {
  eraseUnusedGlobals(M, [](const GlobalValue &G) {
    return G.isDeclaration() || G.hasLocalLinkage();
  });
}

Function *kernelFunction(Module &M, const std::string &Name) {
  Function *Fn = M.getFunction(Name);
  if (!Fn)
    PYKC_ICE("the CPU module lacks " + Name);
  return Fn;
}

} // namespace

bool emitHostObject(HostModule &Host, const ir::Module &IR, const std::vector<GpuImage> &Images,
                    const HostObjectOptions &Options, std::string &Object, std::string &Error) {
  std::unique_ptr<Module> M = std::move(Host.M);
  TargetMachine *TM = Host.TM.get();
  if (!M || !TM)
    PYKC_ICE("emitHostObject was given a host module buildHostModule did not build");
  internalizeAllBut(*M, IR, Options);
  std::vector<KernelCode> Code;
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    const std::string &Sym = F->SymbolName;
    KernelCode &C = Code.emplace_back();
    C.Thread = kernelFunction(*M, Sym + "__cpu");
    C.Block = M->getFunction(Sym + "__cpu_blocks");
    if (Options.Check)
      C.CheckThread = kernelFunction(*M, Sym + "__cpu_check_entry");
    C.SharedBytes = takeConstant(*M, Sym + "__cpu_shared_bytes");
    C.UsesBarrier = takeConstant(*M, Sym + "__cpu_uses_barrier");
  }
  return addTablesAndCompile(*M, *TM, IR, Code, Images, Options, Object, Error);
}

bool compileHostPart(const ir::Module &IR, const ir::Function *Kernel,
                     const HostObjectOptions &Options, HostPart &Part, std::string &Error,
                     HostPartCache *Cache, size_t Version) {
  LLVMContext Ctx;
  std::vector<std::string> Cpus = hostCpuList(Options.HostCpu, Error);
  std::unique_ptr<TargetMachine> TM =
      Cpus.empty() ? nullptr : hostTargetMachine(Cpus.at(Version), Options.OptLevel, Error);
  if (!TM)
    return false;
  // With several CPUs, the entries are named after this part's
  // (CPUVersions.h); the tables' dispatchers take the plain names.
  std::string Suffix = Cpus.size() > 1 ? Cpus[Version] : "";
  KernelFilter Only = [Kernel](const ir::Function &F) { return &F == Kernel; };
  std::unique_ptr<Module> M = emitUnoptimizedCpuModule(IR, Ctx, *TM, Options.Float, Only, false,
                                                       /*HostEntries=*/!Kernel);
  M->setModuleIdentifier(Options.SourcePath);
  dropUnreferenced(*M);
  std::unique_ptr<Module> Checked;
  if (Kernel && Options.Check) {
    Checked = emitUnoptimizedCpuModule(IR, Ctx, *TM, Options.Float, Only, true, false);
    dropUnreferenced(*Checked);
  }
  // Everything the part's bytes are made from, but pykc's and LLVM's own
  // identity, which the driver's cache adds.
  std::string Material;
  if (Cache) {
    raw_string_ostream OS(Material);
    OS << "triple " << TM->getTargetTriple().str() << "\ncpu " << TM->getTargetCPU()
       << "\nfeatures " << TM->getTargetFeatureString() << "\nO" << Options.OptLevel
       << "\nfmad " << Options.Float.Fmad << "\nnamespace " << Options.Namespace
       << "\nentries named for " << Suffix << "\n";
    // The modules as bitcode: as exact as their text (it reads back to the
    // same module) and several times cheaper to write, which is most of
    // what a part the cache holds costs.
    WriteBitcodeToFile(*M, OS);
    if (Checked)
      WriteBitcodeToFile(*Checked, OS);
    OS.flush();
    if (Cache->lookup(Material, Part))
      return true;
  }
  verifyCpuModule(*M);
  if (Checked)
    verifyCpuModule(*Checked);
  runOptimizationPipeline(*M, *TM, Options.OptLevel, Options.PassTimes);
  if (Checked) {
    runOptimizationPipeline(*Checked, *TM, Options.OptLevel, Options.PassTimes);
    linkCheckedKernels(*M, IR, std::move(Checked));
  }
  std::vector<GlobalValue *> Entries;
  if (Kernel) {
    const std::string &Sym = Kernel->SymbolName;
    Entries.push_back(kernelFunction(*M, Sym + "__cpu"));
    if (Function *Block = M->getFunction(Sym + "__cpu_blocks"))
      Entries.push_back(Block);
    if (Options.Check)
      Entries.push_back(kernelFunction(*M, Sym + "__cpu_check_entry"));
    Part.HasBlocks = M->getFunction(Sym + "__cpu_blocks") != nullptr;
    Part.SharedBytes = takeConstant(*M, Sym + "__cpu_shared_bytes");
    Part.UsesBarrier = takeConstant(*M, Sym + "__cpu_uses_barrier");
    if (!Suffix.empty())
      for (GlobalValue *Entry : Entries)
        Entry->setName(versionedEntry(Entry->getName().str(), Suffix));
  }
  internalizeAllBut(*M, IR, Options, Entries);
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*M, &OS))
    PYKC_ICE("a part of the host object's LLVM IR is invalid:\n" + OS.str());
  if (!compileToObject(*M, *TM, Part.Object, Error))
    return false;
  if (Cache)
    Cache->store(Material, Part);
  return true;
}

std::string imageSection(size_t K) { return ".pykc.image." + std::to_string(K); }

const char *const ImageTableSection = ".data.rel.ro.pykc.images";

bool emitTablesObject(const ir::Module &IR, const std::vector<HostPart> &Kernels,
                      const std::vector<GpuImage> &Images, const HostObjectOptions &Options,
                      std::string &Object, std::string &Error, bool ImagesLater) {
  LLVMContext Ctx;
  std::vector<std::string> Cpus = hostCpuList(Options.HostCpu, Error);
  std::unique_ptr<TargetMachine> TM =
      Cpus.empty() ? nullptr : hostTargetMachine(Cpus[0], Options.OptLevel, Error);
  if (!TM)
    return false;
  std::vector<unsigned> Levels;
  for (const std::string &Cpu : Cpus)
    Levels.push_back(x86Level(Cpu));
  Module M(IR.name(), Ctx);
  M.setModuleIdentifier(Options.SourcePath);
  M.setTargetTriple(TM->getTargetTriple().str());
  M.setDataLayout(TM->createDataLayout());
  // The parts' entries, declared: `ld -r` joins them to their definitions.
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx);
  auto *EntryTy = FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false);
  auto Declare = [&](FunctionType *Ty, const std::string &Name) {
    Function *Fn = Function::Create(Ty, GlobalValue::ExternalLinkage, Name, M);
    Fn->setVisibility(GlobalValue::HiddenVisibility);
    return Fn;
  };
  auto *ThreadTy = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr}, false);
  auto *BlocksTy = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64, I64}, false);
  // One CPU: the part's entry itself; several: a dispatcher to theirs.
  auto Entry = [&](FunctionType *Ty, const std::string &Name) -> Function * {
    if (Cpus.size() == 1)
      return Declare(EntryTy, Name);
    std::vector<Function *> Versions;
    for (const std::string &Cpu : Cpus)
      Versions.push_back(Declare(Ty, versionedEntry(Name, Cpu)));
    return emitVersionDispatcher(M, Ty, Name, Versions, Levels);
  };
  std::vector<KernelCode> Code;
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    if ((Code.size() + 1) * Cpus.size() > Kernels.size())
      PYKC_ICE("emitTablesObject was given fewer parts than kernels and CPUs");
    const HostPart &P = Kernels[Code.size() * Cpus.size()];
    KernelCode &C = Code.emplace_back();
    C.Thread = Entry(ThreadTy, F->SymbolName + "__cpu");
    C.Block = P.HasBlocks ? Entry(BlocksTy, F->SymbolName + "__cpu_blocks") : nullptr;
    C.CheckThread = Options.Check ? Entry(ThreadTy, F->SymbolName + "__cpu_check_entry") : nullptr;
    C.SharedBytes = P.SharedBytes;
    C.UsesBarrier = P.UsesBarrier;
  }
  for (const auto &F : IR.functions())
    if (F->HostEntry) // --shared's table names them
      Function::Create(EntryTy, GlobalValue::ExternalLinkage,
                       hostEntrySymbol(Options.Namespace, F->SymbolName), M);
  return addTablesAndCompile(M, *TM, IR, Code, Images, Options, Object, Error, ImagesLater);
}

} // namespace pykc::codegen
