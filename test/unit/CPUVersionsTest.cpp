//===- test/unit/CPUVersionsTest.cpp - x86-64 levels and their dispatch ---===//
//
// codegen/CPUVersions.h: --host-cpu's lists, and the dispatcher the
// tables' object defines, JIT-compiled here: on this machine it picks the
// level the compiler's own __builtin_cpu_supports reports, and
// PYKC_CPU_LEVEL lowers it (never raises it). The dispatch in a real
// object: test/Object/cpu_versions.test.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUVersions.h"
#include "codegen/TargetRegistration.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <gtest/gtest.h>

#include <cstdlib>

using namespace llvm;
using pykc::codegen::emitVersionDispatcher;
using pykc::codegen::hostCpuList;
using pykc::codegen::x86Level;

namespace {

std::vector<std::string> list(const std::string &Spec, std::string &Error) {
  Error.clear();
  return hostCpuList(Spec, Error);
}

TEST(CPUVersions, ListsNameAscendingLevels) {
  std::string Error;
  EXPECT_EQ(list("x86-64,x86-64-v3", Error), (std::vector<std::string>{"x86-64", "x86-64-v3"}));
  EXPECT_EQ(list("x86-64-v2,x86-64-v3,x86-64-v4", Error).size(), 3u);
  // One CPU is any name (LLVM checks it when it makes the machine).
  EXPECT_EQ(list("skylake", Error), std::vector<std::string>{"skylake"});
  EXPECT_EQ(list("native", Error), std::vector<std::string>{"native"});
  EXPECT_EQ(Error, "");
  for (const char *Bad : {"x86-64-v3,x86-64", "x86-64,x86-64", "x86-64,skylake", "x86-64,",
                          ",x86-64-v3", "native,x86-64-v3"}) {
    EXPECT_TRUE(list(Bad, Error).empty()) << Bad;
    EXPECT_NE(Error.find("lowest first"), std::string::npos) << Bad;
  }
  EXPECT_EQ(x86Level("x86-64"), 1u);
  EXPECT_EQ(x86Level("x86-64-v4"), 4u);
  EXPECT_EQ(x86Level("haswell"), 0u);
}

/// The level a dispatcher over versions 1 to 4 picks: each version stores
/// its number; a fresh module (and so a fresh cached level) each call.
int dispatchedLevel() {
  pykc::codegen::registerHostTarget();
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>("dispatch", *Ctx);
  Type *I32 = Type::getInt32Ty(*Ctx);
  auto *Which = new GlobalVariable(*M, I32, false, GlobalValue::ExternalLinkage,
                                   ConstantInt::get(I32, 0), "which");
  auto *Ty = FunctionType::get(Type::getVoidTy(*Ctx), {PointerType::get(*Ctx, 0)}, false);
  std::vector<Function *> Versions;
  for (unsigned L = 1; L <= 4; ++L) {
    auto *V = Function::Create(Ty, GlobalValue::InternalLinkage, "v" + std::to_string(L), *M);
    IRBuilder<> B(BasicBlock::Create(*Ctx, "entry", V));
    B.CreateStore(B.getInt32(L), Which);
    B.CreateRetVoid();
    Versions.push_back(V);
  }
  Function *D = emitVersionDispatcher(*M, Ty, "dispatch", Versions, {1, 2, 3, 4});
  D->setLinkage(GlobalValue::ExternalLinkage);
  EXPECT_FALSE(verifyModule(*M, &errs()));
  auto J = orc::LLJITBuilder().create();
  if (!J) {
    ADD_FAILURE() << toString(J.takeError());
    return -1;
  }
  if (auto E = (*J)->addIRModule(orc::ThreadSafeModule(std::move(M), std::move(Ctx)))) {
    ADD_FAILURE() << toString(std::move(E));
    return -1;
  }
  auto Dispatch = (*J)->lookup("dispatch"), Result = (*J)->lookup("which");
  if (!Dispatch || !Result) {
    consumeError(Dispatch.takeError());
    consumeError(Result.takeError());
    ADD_FAILURE() << "lookup failed";
    return -1;
  }
  Dispatch->toPtr<void (*)(void *)>()(nullptr);
  return *Result->toPtr<int *>();
}

int compilersLevel() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("x86-64-v4")   ? 4
         : __builtin_cpu_supports("x86-64-v3") ? 3
         : __builtin_cpu_supports("x86-64-v2") ? 2
                                               : 1;
}

TEST(CPUVersions, DispatchesToTheMachinesLevel) {
  unsetenv("PYKC_CPU_LEVEL");
  EXPECT_EQ(dispatchedLevel(), compilersLevel());
}

TEST(CPUVersions, PykcCpuLevelLowersTheLevelOnly) {
  int Machine = compilersLevel();
  for (int Cap = 1; Cap <= 4; ++Cap) {
    setenv("PYKC_CPU_LEVEL", std::to_string(Cap).c_str(), 1);
    EXPECT_EQ(dispatchedLevel(), std::min(Cap, Machine)) << "PYKC_CPU_LEVEL=" << Cap;
  }
  for (const char *Ignored : {"0", "5", "x", ""}) {
    setenv("PYKC_CPU_LEVEL", Ignored, 1);
    EXPECT_EQ(dispatchedLevel(), Machine) << "PYKC_CPU_LEVEL='" << Ignored << "'";
  }
  unsetenv("PYKC_CPU_LEVEL");
}

} // namespace
