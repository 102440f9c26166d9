//===- TargetRegistration.cpp ---------------------------------------------===//
#include "codegen/TargetRegistration.h"

#include <llvm/Support/TargetSelect.h>

#include <mutex>

namespace pykc::codegen {

namespace {
std::mutex &registryLock() {
  static std::mutex Lock;
  return Lock;
}
} // namespace

void registerHostTarget() {
  std::lock_guard<std::mutex> Guard(registryLock());
  static bool Done = false;
  if (Done)
    return;
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  // The CPU-level dispatchers' cpuid and xgetbv are inline assembly, which
  // the object streamer assembles (CPUVersions.h).
  llvm::InitializeNativeTargetAsmParser();
  Done = true;
}

void registerNVPTXTarget() {
  std::lock_guard<std::mutex> Guard(registryLock());
  static bool Done = false;
  if (Done)
    return;
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  Done = true;
}

} // namespace pykc::codegen
