//===- NVPTXSharedOptimization.cpp - One optimization for several SMs ----===//
#include "codegen/NVPTXSharedOptimization.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

#include <optional>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// Whether the cost model's answers for values of type \p T may depend on
/// the SM: half, bfloat, integers of 2 to 31 bits, vectors of them, and
/// aggregates holding them.
bool smDependentType(Type *T) {
  std::vector<Type *> Work = {T};
  while (!Work.empty()) {
    Type *Next = Work.back();
    Work.pop_back();
    Type *Scalar = Next->getScalarType();
    if (Scalar->isHalfTy() || Scalar->isBFloatTy())
      return true;
    if (auto *I = dyn_cast<IntegerType>(Scalar); I && I->getBitWidth() > 1 && I->getBitWidth() < 32)
      return true;
    if (isa<StructType>(Next) || isa<ArrayType>(Next))
      for (Type *Element : Next->subtypes())
        Work.push_back(Element);
  }
  return false;
}

/// Whether \p M computes with an SM-dependent type or calls an intrinsic
/// that is legal on some SMs only.
bool hasSmDependentCode(const Module &M) {
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        if (smDependentType(I.getType()))
          return true;
        for (const Value *Op : I.operands())
          if (smDependentType(Op->getType()))
            return true;
        if (const auto *Call = dyn_cast<IntrinsicInst>(&I))
          if (Call->getIntrinsicID() == Intrinsic::minimum ||
              Call->getIntrinsicID() == Intrinsic::maximum)
            return true;
      }
  }
  return false;
}

/// The string a reflect call asks about, if it is a constant C string.
std::optional<std::string> reflectName(const Value *Arg) {
  const auto *GV = dyn_cast<GlobalVariable>(Arg->stripPointerCasts());
  if (!GV || !GV->hasDefinitiveInitializer())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return std::nullopt;
  return Data->getAsCString().str();
}

/// A comparison of __nvvm_reflect("__CUDA_ARCH")'s answer with a constant.
struct ArchTest {
  CmpInst::Predicate Predicate;
  APInt Constant;
  bool AnswerFirst; ///< The answer is the comparison's left operand.

  bool outcome(unsigned Sm) const {
    APInt Answer(Constant.getBitWidth(), uint64_t(Sm) * 10);
    return AnswerFirst ? ICmpInst::compare(Answer, Constant, Predicate)
                       : ICmpInst::compare(Constant, Answer, Predicate);
  }
};

bool isReflect(const Function &F) {
  return F.getName() == "__nvvm_reflect" || F.getIntrinsicID() == Intrinsic::nvvm_reflect;
}

/// Every comparison the __CUDA_ARCH reflects of \p M are used in; none when
/// one is used otherwise, or a reflect's question cannot be read.
std::optional<std::vector<ArchTest>> archTests(const Module &M) {
  std::vector<ArchTest> Tests;
  for (const Function &F : M) {
    if (!isReflect(F))
      continue;
    for (const User *U : F.users()) {
      const auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != &F || Call->arg_size() != 1)
        return std::nullopt;
      std::optional<std::string> Name = reflectName(Call->getArgOperand(0));
      if (!Name)
        return std::nullopt;
      // __CUDA_FTZ comes from a module flag, anything else is 0: the same
      // on every SM.
      if (*Name != "__CUDA_ARCH")
        continue;
      for (const User *Use : Call->users()) {
        const auto *Cmp = dyn_cast<ICmpInst>(Use);
        if (!Cmp)
          return std::nullopt;
        bool First = Cmp->getOperand(0) == Call;
        const auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(First ? 1 : 0));
        if (!C)
          return std::nullopt;
        Tests.push_back({Cmp->getPredicate(), C->getValue(), First});
      }
    }
  }
  return Tests;
}

/// 90 for "sm_90" and "sm_90a"; 0 for anything else.
unsigned smOf(const std::string &Target) {
  unsigned Sm = 0;
  for (size_t I = 3; I < Target.size() && Target[I] >= '0' && Target[I] <= '9'; ++I)
    Sm = Sm * 10 + unsigned(Target[I] - '0');
  return Target.rfind("sm_", 0) == 0 ? Sm : 0;
}

/// Whether \p Target is a plain sm_NN, one of a family its class may hold.
bool plainTarget(const std::string &Target) {
  return smOf(Target) != 0 && Target == "sm_" + std::to_string(smOf(Target));
}

} // namespace

std::vector<size_t> sharedOptimizations(const Module &M, const std::vector<std::string> &Targets) {
  std::vector<size_t> Shares(Targets.size());
  for (size_t T = 0; T < Targets.size(); ++T)
    Shares[T] = T;
  if (hasSmDependentCode(M))
    return Shares;
  std::optional<std::vector<ArchTest>> Tests = archTests(M);
  if (!Tests)
    return Shares;
  std::vector<std::vector<bool>> Outcomes(Targets.size());
  for (size_t T = 0; T < Targets.size(); ++T) {
    if (!plainTarget(Targets[T]))
      continue;
    for (const ArchTest &Test : *Tests)
      Outcomes[T].push_back(Test.outcome(smOf(Targets[T])));
    for (size_t E = 0; E < T; ++E)
      if (Shares[E] == E && plainTarget(Targets[E]) && Outcomes[E] == Outcomes[T]) {
        Shares[T] = E;
        break;
      }
  }
  return Shares;
}

} // namespace pykc::codegen
