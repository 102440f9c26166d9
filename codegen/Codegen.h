//===- Codegen.h - Typed IR to LLVM IR and PTX ------------------*- C++ -*-===//
///
/// \file
/// The back half of the pipeline: emitLLVM lowers the typed IR for a target,
/// NVPTXBackend links libdevice when the code needs it, optimizes with
/// LLVM's pipeline and prints PTX. Fused multiply-adds are decided when the
/// IR is emitted (FloatOptions), not by LLVM.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Target.h"
#include "ir/IR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace pykc::codegen {

/// Options the driver passes down; no global state.
struct CodegenOptions {
  std::string Arch = "sm_75"; ///< sm_75 .. sm_90a
  unsigned OptLevel = 3;      ///< 0 .. 3
  std::string LibdevicePath;  ///< libdevice.10.bc; needed only for math calls
  FloatOptions Float;
  /// -lineinfo, -g: PTX .file/.loc directives at each statement's .py line
  /// (LLVM's DebugDirectivesOnly: line directives, no DWARF sections).
  bool LineInfo = false;
};

/// The --arch values pykc accepts, oldest first.
const std::vector<std::string> &supportedArchs();

/// Lowers \p IR into a new, unoptimized LLVM module for \p Target; with
/// \p Kernels, only the kernels it accepts (and every other function).
std::unique_ptr<llvm::Module> emitLLVM(const ir::Module &IR, llvm::LLVMContext &Ctx,
                                       TargetInfo &Target, FloatOptions Float = {},
                                       bool LineInfo = false, const KernelFilter &Kernels = {});

class NVPTXBackend {
public:
  explicit NVPTXBackend(CodegenOptions Options);
  ~NVPTXBackend();

  /// Emits, links libdevice if needed and optimizes. Null, with \p Error
  /// set, when something outside the user's code is missing (libdevice).
  std::unique_ptr<llvm::Module> compile(const ir::Module &IR, llvm::LLVMContext &Ctx,
                                        std::string &Error);
  /// compile()'s steps, for callers that time them: the LLVM IR of \p IR
  /// (with the target's data layout), libdevice linked in when a math
  /// function needs it (false, with \p Error set, when it cannot be), and
  /// the optimization pipeline. With \p Group, the module of one GPU group
  /// (GpuGroups.h): its kernels, and of the rest only what they use.
  std::unique_ptr<llvm::Module> emit(const ir::Module &IR, llvm::LLVMContext &Ctx,
                                     const std::vector<const ir::Function *> *Group = nullptr);
  bool linkLibdevice(llvm::Module &M, std::string &Error);
  void optimize(llvm::Module &M);
  /// Prints \p M as PTX.
  bool emitPTX(llvm::Module &M, std::string &PTX, std::string &Error);

private:

  CodegenOptions Options;
  std::unique_ptr<llvm::TargetMachine> TM;
};

} // namespace pykc::codegen
