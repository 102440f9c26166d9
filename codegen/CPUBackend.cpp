//===- CPUBackend.cpp - Host code and the ORC JIT -------------------------===//
#include "codegen/CPUBackend.h"
#include "codegen/CPUCheckFast.h"

#include "codegen/CPUTarget.h"
#include "codegen/CPUThreadLoop.h"
#include "codegen/Emitter.h"
#include "codegen/Optimize.h"
#include "codegen/TargetRegistration.h"
#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Transforms/IPO/Internalize.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <set>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// SYM__cpu(void **args, ctx): loads each flattened parameter from args as
/// cuLaunchKernel would, and runs one thread of the kernel.
void emitEntry(Module &M, Function &Kernel) {
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::get(C, 0);
  auto *Entry = Function::Create(FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr}, false),
                                 GlobalValue::ExternalLinkage, Kernel.getName() + "__cpu", M);
  Entry->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Entry));
  std::vector<Value *> Values = loadKernelArguments(B, Entry->getArg(0), Kernel);
  Values.push_back(Entry->getArg(1));
  B.CreateCall(&Kernel, Values);
  B.CreateRetVoid();
  Kernel.setLinkage(GlobalValue::InternalLinkage);
  Kernel.addFnAttr(Attribute::AlwaysInline);
}

/// Stores each scalar of \p V (of IR type \p Ty; tuples in order) as 64
/// bits at \p Out[*Slot]: integers sign- or zero-extended, floats as their
/// own bits, bools 0 or 1, complex numbers as two floats.
void storeResultLeaves(IRBuilder<> &B, Value *V, const ir::Type *Ty, Value *Out, unsigned &Slot) {
  if (auto *O = ir::dynCast<ir::OptionalType>(Ty)) { // 1 when it holds a value, then the value
    B.CreateStore(B.CreateZExt(B.CreateExtractValue(V, {1u}), B.getInt64Ty()),
                  B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), Out, Slot++));
    storeResultLeaves(B, B.CreateExtractValue(V, {0u}), O->base(), Out, Slot);
    return;
  }
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    for (unsigned I = 0; I < T->size(); ++I)
      storeResultLeaves(B, B.CreateExtractValue(V, {I}), T->elements()[I], Out, Slot);
    return;
  }
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (!S)
    PYKC_ICE("a host function returns a value that is neither a scalar nor a tuple");
  if (S->isComplex()) {
    // Its parts, each as a float's bits.
    unsigned PartBits = S->bitWidth() / 2;
    for (unsigned I = 0; I < 2; ++I) {
      Value *Part = B.CreateBitCast(B.CreateExtractValue(V, {I}), B.getIntNTy(PartBits));
      B.CreateStore(B.CreateZExt(Part, B.getInt64Ty()),
                    B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), Out, Slot++));
    }
    return;
  }
  Value *Bits = V;
  if (S->isFloat())
    Bits = B.CreateZExt(B.CreateBitCast(V, B.getIntNTy(S->bitWidth())), B.getInt64Ty());
  else if (S->isSigned() && !S->isBoolean())
    Bits = B.CreateSExt(V, B.getInt64Ty());
  else
    Bits = B.CreateZExt(V, B.getInt64Ty());
  B.CreateStore(Bits, B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), Out, Slot++));
}

/// const char *SYM__host(void **args, void *ret): calls the @njit function
/// \p F (its LLVM function \p Fn) from the host. args is laid out as a
/// kernel's (KernelABI.h: an array is its data, extents and byte strides);
/// the result's scalars go to ret, 8 bytes each (storeResultLeaves). The
/// function sees the context of thread 0 of a one-thread grid. Returns
/// null, or the message of the exception the function raised (CpuABI.h's
/// pykc_host_status).
void emitHostEntry(Module &M, Function &Fn, const ir::Function &F, ModuleEmitter &E) {
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::get(C, 0), *I64 = Type::getInt64Ty(C);
  auto *Entry = Function::Create(FunctionType::get(Ptr, {Ptr, Ptr}, false),
                                 GlobalValue::ExternalLinkage, F.SymbolName + "__host", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Entry));
  Value *Status = B.CreateAlloca(Ptr, nullptr, "host.status");
  B.CreateStore(ConstantPointerNull::get(PointerType::get(C, 0)), Status);
  unsigned Slot = 0;
  auto Next = [&](Type *Ty) {
    Value *P = B.CreateLoad(Ptr, B.CreateConstInBoundsGEP1_64(Ptr, Entry->getArg(0), Slot++));
    return B.CreateLoad(Ty, P);
  };
  std::vector<Value *> Args;
  for (const ir::Variable *P : F.Params) {
    if (auto *A = ir::dynCast<ir::ArrayType>(P->ArgType)) {
      Value *Array = PoisonValue::get(E.llvmType(A));
      Array = B.CreateInsertValue(Array, Next(Ptr), {0u});
      for (unsigned D = 0; D < A->ndim(); ++D)
        Array = B.CreateInsertValue(Array, Next(I64), {1u, D});
      for (unsigned D = 0; D < A->ndim(); ++D)
        Array = B.CreateInsertValue(Array, Next(I64), {2u, D});
      Args.push_back(Array);
      continue;
    }
    if (ir::kernelSlots(P->ArgType) == 2) { // a complex: real, imaginary
      auto *T = cast<StructType>(E.llvmType(P->ArgType));
      Value *Re = Next(T->getElementType(0));
      Value *Z = B.CreateInsertValue(PoisonValue::get(T), Re, {0u});
      Args.push_back(B.CreateInsertValue(Z, Next(T->getElementType(0)), {1u}));
      continue;
    }
    Value *V = Next(E.memoryType(P->ArgType));
    Type *Want = E.llvmType(P->ArgType);
    Args.push_back(V->getType() == Want ? V : B.CreateICmpNE(V, ConstantInt::get(V->getType(), 0)));
  }
  Args.push_back(CPUTarget::hostContext(B, Status));
  Value *Result = callFunction(B, &Fn, Args);
  if (F.ReturnType && F.ReturnType->kind() != ir::TypeKind::None) {
    unsigned Out = 0;
    storeResultLeaves(B, Result, F.ReturnType, Entry->getArg(1), Out);
  }
  B.CreateRet(B.CreateLoad(Ptr, Status));
}

/// Whether \p Kernel can reach a meeting point of its threads (a barrier or
/// a warp operation: CPUTarget::isMeetingPoint), directly or
/// through the device functions it calls. Decided per kernel, so a module
/// that mixes tiled and plain kernels runs only the tiled ones on fibers.
bool reachesBarrier(Function &Kernel) {
  std::vector<Function *> Work = {&Kernel};
  std::set<Function *> Seen = {&Kernel};
  while (!Work.empty()) {
    Function *F = Work.back();
    Work.pop_back();
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      if (CPUTarget::isMeetingPoint(Callee->getName()))
        return true;
      if (!Callee->isDeclaration() && Seen.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  return false;
}

} // namespace

/// Links in the foreign functions' .cu files compiled for the host
/// (ir::Module::HostBitcode) before optimizing, so they can be inlined;
/// what they define becomes internal, so two objects that link one file
/// do not clash.
static void linkHostBitcode(const ir::Module &IR, Module &M) {
  for (const std::string &Bitcode : IR.HostBitcode) {
    auto Src = parseBitcodeFile(MemoryBufferRef(Bitcode, "foreign"), M.getContext());
    if (!Src)
      PYKC_ICE("the host bitcode of a link file does not parse: " + toString(Src.takeError()));
    (*Src)->setTargetTriple(M.getTargetTriple());
    (*Src)->setDataLayout(M.getDataLayout());
    bool Failed = Linker::linkModules(
        M, std::move(*Src), Linker::Flags::LinkOnlyNeeded,
        [](Module &Linked, const StringSet<> &FromSrc) {
          internalizeModule(Linked, [&](const GlobalValue &GV) {
            return !GV.hasName() || !FromSrc.count(GV.getName());
          });
        });
    if (Failed)
      PYKC_ICE("a link file's host code does not link with the kernels");
  }
}

std::unique_ptr<Module> emitCpuModule(const ir::Module &IR, LLVMContext &Ctx, TargetMachine &TM,
                                      unsigned OptLevel, FloatOptions Float,
                                      const KernelFilter &Kernels, bool Check,
                                      const PassTimeSink &PassTimes, bool HostEntries) {
  std::unique_ptr<Module> M =
      emitUnoptimizedCpuModule(IR, Ctx, TM, Float, Kernels, Check, HostEntries);
  verifyCpuModule(*M);
  runOptimizationPipeline(*M, TM, OptLevel, PassTimes);
  return M;
}

std::unique_ptr<Module> emitUnoptimizedCpuModule(const ir::Module &IR, LLVMContext &Ctx,
                                                 TargetMachine &TM, FloatOptions Float,
                                                 const KernelFilter &Kernels, bool Check,
                                                 bool HostEntries) {
  CPUTarget Target(TM.getTargetTriple().str(), TM.createDataLayout().getStringRepresentation());
  auto M = std::make_unique<Module>(IR.name(), Ctx);
  Target.planSharedMemory(IR);
  ModuleEmitter Emitter(IR, *M, Target, Float);
  Emitter.Check = Check;
  Emitter.emit(Kernels);
  Type *I64 = Type::getInt64Ty(Ctx), *I8 = Type::getInt8Ty(Ctx);
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel || !Emitter.emitted(F.get()))
      continue;
    Function *Kernel = Emitter.declaration(F.get());
    std::string Name = Kernel->getName().str();
    bool Barrier = reachesBarrier(*Kernel);
    if (Check) {
      // Checked kernels run a thread a call (on fibers when they meet), so
      // the checker always knows which thread runs.
      new GlobalVariable(*M, I8, true, GlobalValue::ExternalLinkage, ConstantInt::get(I8, 1),
                         Name + "__cpu_checked");
      emitCheckedFastBlocks(*M, *Kernel, *F);
    } else if (!Barrier) {
      emitBlocksEntry(*M, *Kernel, *F);
    } else if (FissionedKernel Fission = fissionAtBarriers(*M, *Kernel); Fission.Block) {
      emitBlocksEntry(*M, *Kernel, *F, &Fission);
    }
    emitEntry(*M, *Kernel);
    new GlobalVariable(*M, I64, true, GlobalValue::ExternalLinkage,
                       ConstantInt::get(I64, Target.sharedBytes(*F)), Name + "__cpu_shared_bytes");
    new GlobalVariable(*M, I8, true, GlobalValue::ExternalLinkage,
                       ConstantInt::get(I8, Barrier), Name + "__cpu_uses_barrier");
  }
  for (const auto &F : IR.functions())
    if (HostEntries && F->HostEntry)
      emitHostEntry(*M, *Emitter.declaration(F.get()), *F, Emitter);
  linkHostBitcode(IR, *M);
  for (Function &Fn : *M)
    if (!Fn.isDeclaration())
      Fn.addFnAttr("target-cpu", TM.getTargetCPU());
  return M;
}

void verifyCpuModule(const Module &M) {
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(M, &OS))
    PYKC_ICE("the emitted CPU LLVM IR is invalid:\n" + OS.str());
}

CPUJit::~CPUJit() = default;

std::unique_ptr<CPUJit> CPUJit::create(const std::map<std::string, void *> &Symbols,
                                       std::string &Error) {
  registerHostTarget();
  auto Builder = orc::JITTargetMachineBuilder::detectHost();
  if (!Builder) {
    Error = toString(Builder.takeError());
    return nullptr;
  }
  Builder->setCodeGenOptLevel(CodeGenOptLevel::Aggressive);
  // Only what the emitter fused, as on the GPU, so both backends round alike.
  Builder->getOptions().AllowFPOpFusion = FPOpFusion::Standard;
  auto TM = Builder->createTargetMachine();
  if (!TM) {
    Error = toString(TM.takeError());
    return nullptr;
  }
  auto JIT = orc::LLJITBuilder().setJITTargetMachineBuilder(*Builder).create();
  if (!JIT) {
    Error = toString(JIT.takeError());
    return nullptr;
  }
  orc::JITDylib &Main = (*JIT)->getMainJITDylib();
  auto Process = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*JIT)->getDataLayout().getGlobalPrefix());
  if (!Process) {
    Error = toString(Process.takeError());
    return nullptr;
  }
  Main.addGenerator(std::move(*Process));
  orc::SymbolMap Map;
  for (const auto &[Name, Address] : Symbols)
    Map[(*JIT)->mangleAndIntern(Name)] = {orc::ExecutorAddr::fromPtr(Address),
                                          JITSymbolFlags::Exported | JITSymbolFlags::Callable};
  if (llvm::Error E = Main.define(orc::absoluteSymbols(std::move(Map)))) {
    Error = toString(std::move(E));
    return nullptr;
  }
  std::unique_ptr<CPUJit> J(new CPUJit());
  J->JIT = std::move(*JIT);
  J->TM = std::move(*TM);
  return J;
}

bool CPUJit::add(const ir::Module &IR, unsigned OptLevel, std::string &Error,
                 FloatOptions Float, const KernelFilter &Kernels, bool Check) {
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> M = emitCpuModule(IR, *Ctx, *TM, OptLevel, Float, Kernels, Check);
  if (auto E = JIT->addIRModule(orc::ThreadSafeModule(std::move(M), std::move(Ctx)))) {
    Error = toString(std::move(E));
    return false;
  }
  return true;
}

CPUJit::HostEntry CPUJit::lookupHost(const std::string &Symbol, std::string &Error) {
  auto A = JIT->lookup(Symbol + "__host");
  if (!A) {
    Error = toString(A.takeError());
    return nullptr;
  }
  return A->toPtr<HostEntry>();
}

std::optional<CpuKernel> CPUJit::lookup(const std::string &Symbol, std::string &Error) {
  auto Find = [&](const std::string &Name) -> std::optional<orc::ExecutorAddr> {
    auto A = JIT->lookup(Name);
    if (!A) {
      Error = toString(A.takeError());
      return std::nullopt;
    }
    return *A;
  };
  auto Entry = Find(Symbol + "__cpu");
  auto Shared = Entry ? Find(Symbol + "__cpu_shared_bytes") : std::nullopt;
  auto Barrier = Shared ? Find(Symbol + "__cpu_uses_barrier") : std::nullopt;
  if (!Barrier)
    return std::nullopt;
  CpuKernel K;
  K.Entry = Entry->toPtr<void (*)(void **, void *)>();
  K.SharedBytes = *Shared->toPtr<const uint64_t *>();
  K.UsesBarrier = *Barrier->toPtr<const uint8_t *>() != 0;
  // Kernels with barriers have one only when they could be fissioned.
  if (auto Blocks = JIT->lookup(Symbol + "__cpu_blocks"))
    K.BlocksEntry = Blocks->toPtr<void (*)(void **, void *, uint64_t, uint64_t)>();
  else
    consumeError(Blocks.takeError());
  if (auto Checked = JIT->lookup(Symbol + "__cpu_checked"))
    K.Checked = true;
  else
    consumeError(Checked.takeError());
  return K;
}

} // namespace pykc::codegen
