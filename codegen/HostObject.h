//===- HostObject.h - Objects C++ programs link -----------------*- C++ -*-===//
///
/// \file
/// `pykc -c`: one relocatable host object per Python module holding the CPU
/// backend's code for every kernel, the GPU images the driver built (PTX,
/// cubins or a fatbin) and the pykc_module_image that registers them with
/// the runtime (runtime/include/pykc/ModuleABI.h). Everything but the
/// registration symbol has internal linkage, so any number of modules link
/// into one program.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Optimize.h"

#include "codegen/Target.h"
#include "ir/IR.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace pykc::codegen {

/// One GPU image to embed; Kind is a PYKC_IMAGE_* value.
struct GpuImage {
  uint32_t Kind = 0;
  uint32_t Sm = 0;  ///< 75 for sm_75; a fatbin: its lowest architecture.
  std::string Arch; ///< "sm_75"; a fatbin: "sm_75,sm_80".
  std::string Data; ///< PTX text (without NUL) or binary bytes.
};

struct HostObjectOptions {
  std::string Namespace;  ///< The header's namespace: "kernels", "a::b".
  std::string SourcePath; ///< The Python file as the user named it.
  std::string HostCpu = "x86-64";
  unsigned OptLevel = 3;
  FloatOptions Float;
  /// pykc -c --check: the kernels again, instrumented for the checker
  /// (ModuleABI.h's num_checked_kernels), run when PYKC_CHECK=1.
  bool Check = false;
  /// pykc_stamp_<hash>_abi<N>: the object defines it (a pointer to the
  /// runtime's PYKC_ABI_SYMBOL) and the header of the same run references
  /// it, so a header and an object of different runs do not link. Empty:
  /// no stamp.
  std::string StampSymbol;
  /// `pykc -c --shared`: also define pykc_shared_module (pykc/SharedABI.h),
  /// the self-description a loader reads from the shared library.
  bool Shared = false;
  /// -v: where the CPU backend's optimization time goes (Optimize.h).
  PassTimeSink PassTimes;
};

/// pykc_module_<NS> with `::` spelled `__`: the registration's symbol.
std::string moduleSymbol(const std::string &Namespace);
/// The object's symbol for the host entry of the @njit function whose IR
/// symbol is \p Symbol: void (void **args, void *ret), as SYM__host.
std::string hostEntrySymbol(const std::string &Namespace, const std::string &Symbol);

/// The Python-level parameter list of a kernel for messages and the kernel
/// table: "(an_array: float32[:], n: int32)".
std::string kernelSignatureText(const ir::Function &F);

/// The CPU side of an object: the CPU backend's optimized module and the
/// machine that compiles it. It does not depend on the GPU images, so the
/// driver builds it while the images are being built.
struct HostModule {
  HostModule();
  HostModule(HostModule &&);
  ~HostModule();
  std::unique_ptr<llvm::LLVMContext> Ctx;
  std::unique_ptr<llvm::TargetMachine> TM;
  std::unique_ptr<llvm::Module> M;
};

/// Builds \p Host for \p IR's kernels. False, with \p Error set, when LLVM
/// cannot target the host CPU named.
bool buildHostModule(const ir::Module &IR, const HostObjectOptions &Options, HostModule &Host,
                     std::string &Error);

/// Adds \p Images and the registration to \p Host (built by buildHostModule
/// for the same \p IR and \p Options) and compiles it into \p Object (ELF
/// bytes). \p Host is used up.
bool emitHostObject(HostModule &Host, const ir::Module &IR, const std::vector<GpuImage> &Images,
                    const HostObjectOptions &Options, std::string &Object, std::string &Error);

/// Both steps: the object for \p IR's kernels into \p Object.
bool emitHostObject(const ir::Module &IR, const std::vector<GpuImage> &Images,
                    const HostObjectOptions &Options, std::string &Object,
                    std::string &Error);

/// The CPU backend's optimized LLVM IR for \p IR's kernels, as -c would
/// compile it for Options.HostCpu (`pykc --emit=cpu-llvm`): for reading
/// what the host code does, and for tests that check its loops vectorize.
bool emitCpuLLVMText(const ir::Module &IR, const HostObjectOptions &Options, std::string &Text,
                     std::string &Error);

} // namespace pykc::codegen
