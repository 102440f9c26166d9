//===- CPUBackend.h - Kernels as native host code ---------------*- C++ -*-===//
///
/// \file
/// The CPU backend compiles the same typed IR as the GPU path to host code:
/// emitCpuModule builds an optimized module with one SYM__cpu entry per
/// kernel (CpuABI.h); CPUJit compiles it in memory with LLVM's ORC JIT for
/// `pykc run`. (Ahead-of-time objects reuse emitCpuModule.)
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Optimize.h"

#include "codegen/Target.h"
#include "ir/IR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class TargetMachine;
namespace orc {
class LLJIT;
}
} // namespace llvm

namespace pykc::codegen {

/// What the runtime needs to launch one kernel on the CPU.
struct CpuKernel {
  void (*Entry)(void **Args, void *Context) = nullptr;
  /// Whole blocks a call (SYM__cpu_blocks), for kernels without
  /// barriers; else null.
  void (*BlocksEntry)(void **Args, void *Context, uint64_t First, uint64_t Count) = nullptr;
  uint64_t SharedBytes = 0;
  bool UsesBarrier = false;
  /// Compiled with --check: calls the runtime's checker (CpuABI.h).
  bool Checked = false;
};

/// Lowers \p IR for the host described by \p TM, adds the SYM__cpu entries
/// and their constants, and optimizes at \p OptLevel. \p HostEntries: also
/// the @njit functions' SYM__host entries (a -c part of one kernel has none).
std::unique_ptr<llvm::Module> emitCpuModule(const ir::Module &IR, llvm::LLVMContext &Ctx,
                                            llvm::TargetMachine &TM, unsigned OptLevel,
                                            FloatOptions Float = {},
                                            const KernelFilter &Kernels = {},
                                            bool Check = false,
                                            const PassTimeSink &PassTimes = {},
                                            bool HostEntries = true);

/// emitCpuModule before the optimization pipeline: what a -c part's cache
/// key reads (HostObject.h); verifyCpuModule, then runOptimizationPipeline
/// at the level wanted, makes it emitCpuModule's. Not verified yet: a part
/// the cache holds was verified when it was compiled, from the same
/// module, and verifying 150 kernels' modules was a tenth of a cached
/// compile.
std::unique_ptr<llvm::Module> emitUnoptimizedCpuModule(const ir::Module &IR,
                                                       llvm::LLVMContext &Ctx,
                                                       llvm::TargetMachine &TM,
                                                       FloatOptions Float,
                                                       const KernelFilter &Kernels, bool Check,
                                                       bool HostEntries);

/// An internal error unless \p M, as emitUnoptimizedCpuModule made it, is
/// valid LLVM IR.
void verifyCpuModule(const llvm::Module &M);
class CPUJit {
public:
  /// A JIT for this process. \p Symbols are addresses the generated code may
  /// call that the process does not export (the runtime's barrier).
  static std::unique_ptr<CPUJit> create(const std::map<std::string, void *> &Symbols,
                                        std::string &Error);
  ~CPUJit();

  /// Compiles \p IR; its kernels can then be looked up.
  /// \p Check: instrumented for `--check` (emitCpuModule).
  bool add(const ir::Module &IR, unsigned OptLevel, std::string &Error,
           FloatOptions Float = {}, const KernelFilter &Kernels = {}, bool Check = false);
  /// The kernel whose symbol (in the IR) is \p Symbol.
  std::optional<CpuKernel> lookup(const std::string &Symbol, std::string &Error);
  /// SYM__host of the @njit function whose symbol is \p Symbol (see
  /// emitCpuModule): the message of the exception it raised, or null.
  using HostEntry = const char *(*)(void **Args, void *Result);
  HostEntry lookupHost(const std::string &Symbol, std::string &Error);

private:
  CPUJit() = default;
  std::unique_ptr<llvm::orc::LLJIT> JIT;
  std::unique_ptr<llvm::TargetMachine> TM;
};

} // namespace pykc::codegen
