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
  uint32_t Group = 0; ///< The GPU group whose kernels it holds (GpuGroups.h).
};

struct HostObjectOptions {
  std::string Namespace;  ///< The header's namespace: "kernels", "a::b".
  std::string SourcePath; ///< The Python file as the user named it.
  /// --host-cpu: one CPU, or x86-64 levels to build a version for each
  /// (CPUVersions.h).
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

/// -c in parts, for building them on several threads and for caching them
/// one by one: each kernel's CPU code compiled on its own (its own context
/// and machine, so parts build in parallel and each part's bytes depend
/// only on its kernel), the @njit functions' host entries as one more part,
/// and the tables in an object of their own. The driver joins the objects
/// into one (`ld -r`) and makes the kernels' entries local again: in a
/// part they are hidden symbols named SYM__cpu, SYM__cpu_blocks and, with
/// --check, SYM__cpu_check_entry.
struct HostPart {
  std::string Object;       ///< ELF bytes.
  uint64_t SharedBytes = 0; ///< A kernel's: its block's shared memory.
  bool UsesBarrier = false; ///< A kernel's: it reaches a barrier.
  bool HasBlocks = false;   ///< A kernel's: SYM__cpu_blocks exists.
};

/// Parts compiled before (the driver's compile cache). \p Material is what
/// a part is made from as far as code generation knows it: its LLVM IR
/// before optimization (and its --check twin's), the target machine and
/// the options; the cache adds pykc's and LLVM's own identity. Called from
/// the threads that build parts.
class HostPartCache {
public:
  virtual ~HostPartCache() = default;
  /// Fills \p Part and returns true when a part was stored for \p Material.
  virtual bool lookup(const std::string &Material, HostPart &Part) = 0;
  virtual void store(const std::string &Material, const HostPart &Part) = 0;
};

/// Compiles the part of \p Kernel for CPU \p Version of Options.HostCpu,
/// or with \p Kernel null that of the @njit functions' host entries (for
/// its first CPU), into \p Part; from \p Cache when it has the part, into
/// it when not.
bool compileHostPart(const ir::Module &IR, const ir::Function *Kernel,
                     const HostObjectOptions &Options, HostPart &Part, std::string &Error,
                     HostPartCache *Cache = nullptr, size_t Version = 0);

/// The object of the tables (kernel table, registration, --shared's table,
/// stamp) for parts compiled by compileHostPart: \p Kernels holds the
/// kernels' parts in the order of \p IR's kernels, each kernel's for every
/// CPU of Options.HostCpu in turn (and then dispatchers to them). With \p ImagesLater,
/// \p Images need no bytes (buildGpuImages's layout): each image's are one
/// byte in section imageSection(K), K its index in \p Images, and the
/// images' table, in section ImageTableSection, gives each a size of 0, so
/// that the object can be joined to the parts while the GPU code is being
/// built and the images put in afterwards (the driver's fillImages).
bool emitTablesObject(const ir::Module &IR, const std::vector<HostPart> &Kernels,
                      const std::vector<GpuImage> &Images, const HostObjectOptions &Options,
                      std::string &Object, std::string &Error, bool ImagesLater = false);

/// The section of image \p K's bytes in emitTablesObject's object with
/// images later.
std::string imageSection(size_t K);
/// The section of its table of images: pykc_gpu_image[] (ModuleABI.h).
extern const char *const ImageTableSection;

/// The CPU backend's optimized LLVM IR for \p IR's kernels, for
/// Options.HostCpu's first CPU (`pykc --emit=cpu-llvm`): for reading what the host code
/// does, and for tests that check its loops vectorize. One module, where -c
/// compiles each kernel on its own; the code differs only where kernels
/// share a function the optimizer keeps out of line.
bool emitCpuLLVMText(const ir::Module &IR, const HostObjectOptions &Options, std::string &Text,
                     std::string &Error);

} // namespace pykc::codegen
