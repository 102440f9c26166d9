//===- CPUVersions.cpp ----------------------------------------------------===//
#include "codegen/CPUVersions.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Module.h>

namespace pykc::codegen {

using namespace llvm;

std::vector<std::string> hostCpuList(const std::string &Spec, std::string &Error) {
  std::vector<std::string> Cpus;
  for (size_t Begin = 0;;) {
    size_t Comma = Spec.find(',', Begin);
    Cpus.push_back(Spec.substr(Begin, Comma == std::string::npos ? Comma : Comma - Begin));
    if (Comma == std::string::npos)
      break;
    Begin = Comma + 1;
  }
  if (Cpus.size() == 1)
    return Cpus;
  for (size_t I = 0; I < Cpus.size(); ++I)
    if (!x86Level(Cpus[I]) || (I > 0 && x86Level(Cpus[I]) <= x86Level(Cpus[I - 1]))) {
      Error = "invalid --host-cpu '" + Spec +
              "': a list of CPUs names x86-64 levels, lowest first (e.g. "
              "x86-64,x86-64-v3; the levels are x86-64, x86-64-v2, x86-64-v3 and x86-64-v4)";
      return {};
    }
  return Cpus;
}

unsigned x86Level(const std::string &Cpu) {
  if (Cpu == "x86-64")
    return 1;
  if (Cpu == "x86-64-v2")
    return 2;
  if (Cpu == "x86-64-v3")
    return 3;
  if (Cpu == "x86-64-v4")
    return 4;
  return 0;
}

std::string versionedEntry(const std::string &Entry, const std::string &Cpu) {
  return Entry + "." + Cpu;
}

namespace {

/// Bit \p Bit of \p Word is set.
Value *hasBit(IRBuilder<> &B, Value *Word, unsigned Bit) {
  return B.CreateICmpNE(B.CreateAnd(Word, B.getInt32(1u << Bit)), B.getInt32(0));
}

Value *allOf(IRBuilder<> &B, std::initializer_list<Value *> Conditions) {
  Value *All = B.getTrue();
  for (Value *C : Conditions)
    All = B.CreateAnd(All, C);
  return All;
}

/// `Cond ? Then() : Otherwise`, where what Then emits runs only when Cond
/// holds: a branch and a phi, not a select (xgetbv faults where the OS has
/// not enabled it; getenv's string is read only when there is one).
Value *onlyIf(IRBuilder<> &B, Value *Cond, Value *Otherwise, function_ref<Value *()> Then,
              const std::string &Name) {
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Taken = BasicBlock::Create(F->getContext(), Name, F);
  BasicBlock *Join = BasicBlock::Create(F->getContext(), Name + ".done", F);
  B.CreateCondBr(Cond, Taken, Join);
  B.SetInsertPoint(Taken);
  Value *WhenTaken = Then();
  BasicBlock *TakenEnd = B.GetInsertBlock();
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  PHINode *Result = B.CreatePHI(WhenTaken->getType(), 2);
  Result->addIncoming(Otherwise, Before);
  Result->addIncoming(WhenTaken, TakenEnd);
  return Result;
}

/// The running CPU's x86-64 level (1 to 4), as the psABI defines the
/// levels: the instructions of each, and the OS saving the registers they
/// use (XCR0: SSE and AVX state for v3, the AVX-512 state too for v4).
Function *levelDetector(Module &M) {
  if (Function *F = M.getFunction("pykc.cpu.level.detect"))
    return F;
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  auto *F = Function::Create(FunctionType::get(I32, false), GlobalValue::InternalLinkage,
                             "pykc.cpu.level.detect", M);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::Cold);
  IRBuilder<> B(BasicBlock::Create(C, "entry", F));
  auto *Regs = StructType::get(C, {I32, I32, I32, I32});
  InlineAsm *Cpuid = InlineAsm::get(FunctionType::get(Regs, {I32, I32}, false), "cpuid",
                                    "={ax},={bx},={cx},={dx},0,2,~{dirflag},~{fpsr},~{flags}",
                                    /*hasSideEffects=*/false);
  auto Leaf = [&](uint32_t L, uint32_t Sub, unsigned Reg) {
    return B.CreateExtractValue(B.CreateCall(Cpuid, {B.getInt32(L), B.getInt32(Sub)}), Reg);
  };
  // Leaves past the highest the CPU has return another leaf's values.
  Value *MaxLeaf = Leaf(0, 0, 0), *MaxExtended = Leaf(0x80000000u, 0, 0);
  Value *Has7 = B.CreateICmpUGE(MaxLeaf, B.getInt32(7));
  Value *HasExt = B.CreateICmpUGE(MaxExtended, B.getInt32(0x80000001u));
  Value *Ecx1 = Leaf(1, 0, 2);
  Value *Ebx7 = B.CreateSelect(Has7, Leaf(7, 0, 1), B.getInt32(0));
  Value *EcxExt = B.CreateSelect(HasExt, Leaf(0x80000001u, 0, 2), B.getInt32(0));
  Value *V2 = allOf(B, {hasBit(B, Ecx1, 0), hasBit(B, Ecx1, 9), hasBit(B, Ecx1, 13),
                        hasBit(B, Ecx1, 19), hasBit(B, Ecx1, 20), hasBit(B, Ecx1, 23),
                        hasBit(B, EcxExt, 0)});
  Value *OSXSave = hasBit(B, Ecx1, 27);
  // XCR0, read only where the OS has enabled xgetbv (OSXSAVE).
  Value *Xcr0 = onlyIf(B, OSXSave, B.getInt32(0), [&] {
    InlineAsm *XGetBV =
        InlineAsm::get(FunctionType::get(StructType::get(C, {I32, I32}), {I32}, false), "xgetbv",
                       "={ax},={dx},{cx},~{dirflag},~{fpsr},~{flags}", /*hasSideEffects=*/false);
    return B.CreateExtractValue(B.CreateCall(XGetBV, {B.getInt32(0)}), 0);
  }, "xgetbv");
  auto Xcr0Has = [&](uint32_t Mask) {
    return B.CreateICmpEQ(B.CreateAnd(Xcr0, B.getInt32(Mask)), B.getInt32(Mask));
  };
  Value *V3 = allOf(B, {V2, OSXSave, Xcr0Has(0x6), hasBit(B, Ecx1, 12), hasBit(B, Ecx1, 22),
                        hasBit(B, Ecx1, 28), hasBit(B, Ecx1, 29), hasBit(B, Ebx7, 3),
                        hasBit(B, Ebx7, 5), hasBit(B, Ebx7, 8), hasBit(B, EcxExt, 5)});
  Value *V4 = allOf(B, {V3, Xcr0Has(0xE6), hasBit(B, Ebx7, 16), hasBit(B, Ebx7, 17),
                        hasBit(B, Ebx7, 28), hasBit(B, Ebx7, 30), hasBit(B, Ebx7, 31)});
  Value *Level = B.CreateSelect(
      V4, B.getInt32(4),
      B.CreateSelect(V3, B.getInt32(3), B.CreateSelect(V2, B.getInt32(2), B.getInt32(1))));
  // PYKC_CPU_LEVEL=N (1 to 4) caps it: the lower versions run on any
  // machine, for testing them where the CPU would pick a higher one.
  FunctionCallee GetEnv = M.getOrInsertFunction(
      "getenv", FunctionType::get(B.getPtrTy(), {B.getPtrTy()}, false));
  Value *Cap = B.CreateCall(GetEnv, {B.CreateGlobalStringPtr("PYKC_CPU_LEVEL", "level.name")});
  B.CreateRet(onlyIf(B, B.CreateIsNotNull(Cap), Level, [&] {
    Value *Digit =
        B.CreateSub(B.CreateZExt(B.CreateLoad(B.getInt8Ty(), Cap), I32), B.getInt32('1'));
    Value *Valid = B.CreateICmpULT(Digit, B.getInt32(4)); // '1' to '4'
    Value *Wanted = B.CreateAdd(Digit, B.getInt32(1));
    return B.CreateSelect(B.CreateAnd(Valid, B.CreateICmpULT(Wanted, Level)), Wanted, Level);
  }, "cap"));
  return F;
}

/// The level, asked once: a global holds it (0 until asked). Two threads
/// that ask at once store the same value.
Function *levelOnce(Module &M) {
  if (Function *F = M.getFunction("pykc.cpu.level"))
    return F;
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  auto *Known = new GlobalVariable(M, I32, false, GlobalValue::InternalLinkage,
                                   ConstantInt::get(I32, 0), "pykc.cpu.level.known");
  auto *F = Function::Create(FunctionType::get(I32, false), GlobalValue::InternalLinkage,
                             "pykc.cpu.level", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", F));
  LoadInst *Cached = B.CreateAlignedLoad(I32, Known, Align(4));
  Cached->setAtomic(AtomicOrdering::Monotonic);
  B.CreateRet(onlyIf(B, B.CreateICmpEQ(Cached, B.getInt32(0)), Cached, [&] {
    Value *Asked = B.CreateCall(levelDetector(M));
    B.CreateAlignedStore(Asked, Known, Align(4))->setAtomic(AtomicOrdering::Monotonic);
    return Asked;
  }, "ask"));
  return F;
}

} // namespace

Function *emitVersionDispatcher(Module &M, FunctionType *Ty, const std::string &Name,
                                const std::vector<Function *> &Versions,
                                const std::vector<unsigned> &Levels) {
  LLVMContext &C = M.getContext();
  auto *F = Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", F));
  Value *Level = B.CreateCall(levelOnce(M));
  std::vector<Value *> Args;
  for (Argument &A : F->args())
    Args.push_back(&A);
  // From the highest version down: the first the CPU has runs.
  for (size_t I = Versions.size(); I-- > 1;) {
    BasicBlock *Run = BasicBlock::Create(C, "run." + std::to_string(I), F);
    BasicBlock *Lower = BasicBlock::Create(C, "below." + std::to_string(I), F);
    B.CreateCondBr(B.CreateICmpUGE(Level, B.getInt32(Levels[I])), Run, Lower);
    B.SetInsertPoint(Run);
    B.CreateCall(Ty, Versions[I], Args)->setTailCallKind(CallInst::TCK_MustTail);
    B.CreateRetVoid();
    B.SetInsertPoint(Lower);
  }
  B.CreateCall(Ty, Versions[0], Args)->setTailCallKind(CallInst::TCK_MustTail);
  B.CreateRetVoid();
  return F;
}

} // namespace pykc::codegen
