//===- Module.cpp - Loading compiled modules and launching their kernels --===//
//
// A Module's state is created on its first load: one slot per device, each
// loaded at most once (std::call_once, so a failed load is retried by the
// next launch). After that a launch reads one atomic pointer: no lock and
// no allocation on the way to the backend.
//
//===----------------------------------------------------------------------===//
#include "Backend.h"

#include "pykc/Error.h"
#include "pykc/Kernel.h"
#include "pykc/Memory.h"
#include "pykc/Stream.h"

#include <memory>
#include <mutex>

using namespace pykc;
using namespace pykc::runtime;

static_assert(PYKC_ABI_VERSION == PYKC_MODULE_ABI_VERSION * 100 + PYKC_KERNEL_ABI_VERSION,
              "PYKC_ABI_VERSION follows the module and kernel ABI versions");

/// What every object of this ABI version references (ModuleABI.h): an
/// object for another runtime has no definition of its symbol here.
extern "C" __attribute__((visibility("default"))) const unsigned char PYKC_ABI_SYMBOL =
    PYKC_ABI_VERSION % 256;

namespace pykc::runtime {

struct ModuleState {
  struct Slot {
    std::once_flag Once;
    std::atomic<void *> Loaded{nullptr};
  };
  explicit ModuleState(size_t Devices)
      : Count(Devices), Slots(new Slot[Devices]) {}
  size_t Count;
  std::unique_ptr<Slot[]> Slots;
};

/// The runtime's access to a Module's private state.
class ModuleLoader {
public:
  /// M's handle on device DeviceId, loading it there on first use.
  static void *loaded(const Module &M, int DeviceId, Backend &B) {
    ModuleState *S = M.State.load(std::memory_order_acquire);
    if (!S)
      S = createState(M);
    ModuleState::Slot &Slot = S->Slots[size_t(DeviceId)];
    if (void *L = Slot.Loaded.load(std::memory_order_acquire))
      return L;
    std::call_once(Slot.Once, [&] {
      checkVersion(*M.Image);
      Slot.Loaded.store(B.loadModule(*M.Image), std::memory_order_release);
    });
    return Slot.Loaded.load(std::memory_order_acquire);
  }

private:
  static ModuleState *createState(const Module &M) {
    static std::mutex CreateMutex;
    std::lock_guard<std::mutex> Lock(CreateMutex);
    if (ModuleState *S = M.State.load(std::memory_order_acquire))
      return S;
    auto *S = new ModuleState(list_devices().size());
    M.State.store(S, std::memory_order_release);
    return S;
  }

  static void checkVersion(const pykc_module_image &Image) {
    if (Image.abi_version != PYKC_MODULE_ABI_VERSION)
      throw Error(ErrorCode::ModuleLoad,
                  std::string("module '") + (Image.name ? Image.name : "?") +
                      "' was compiled for module ABI version " +
                      std::to_string(Image.abi_version) +
                      " but this runtime reads version " +
                      std::to_string(PYKC_MODULE_ABI_VERSION) +
                      "; recompile it with the pykc that matches this "
                      "runtime");
  }
};

} // namespace pykc::runtime

void Module::load(int DeviceId) const {
  int Id = DeviceId < 0 ? currentDeviceId() : DeviceId;
  ModuleLoader::loaded(*this, Id, backend(Id));
}

static std::string kernelWhere(const Module &M, uint32_t Index) {
  const pykc_kernel_entry &K = M.kernel(Index);
  return std::string("kernel '") + M.name() + "." + K.name + K.signature +
         "'";
}

static std::string paramWhere(const Module &M, uint32_t Index,
                              uint32_t Param) {
  const pykc_kernel_entry &K = M.kernel(Index);
  return "parameter '" + std::string(K.param_names[Param]) + "' (" +
         K.param_types[Param] + ") of " + kernelWhere(M, Index);
}

void pykc::throwLayoutMismatch(const Module &M, uint32_t Index, uint32_t Param,
                               Layout Want, Order Given) {
  const char *Need = Want == Layout::C ? "C order (row-major)"
                                       : "Fortran order (column-major)";
  const char *Got = Given == Order::C   ? "C-order"
                    : Given == Order::F ? "Fortran-order"
                                        : "strided (neither C- nor Fortran-order)";
  throw Error(ErrorCode::InvalidValue,
              paramWhere(M, Index, Param) + " needs an array in " + Need +
                  " but was given a " + Got +
                  " array; allocate it with that order, or compile the "
                  "kernel for any layout (e.g. float32[:, :])");
}

unsigned pykc::runtime::residentBlocks(const Module &M, uint32_t Index, unsigned BlockThreads,
                                      Stream *S) {
  int DeviceId = S ? S->device() : currentDeviceId();
  Backend &B = backend(DeviceId);
  void *Loaded = ModuleLoader::loaded(M, DeviceId, B);
  return B.residentModuleBlocks(Loaded, M.image(), Index, BlockThreads,
                                S ? S->handle() : nullptr);
}

void pykc::launch(const Module &M, uint32_t Index, const LaunchConfig &C,
                  void **Args, const ArrayPlacement *Arrays,
                  size_t NumArrays) {
  int DeviceId = C.S ? C.S->device() : currentDeviceId();
  for (size_t I = 0; I < NumArrays; ++I)
    if (Arrays[I].Device != DeviceId && Arrays[I].Device >= 0)
      throw Error(ErrorCode::InvalidValue,
                  paramWhere(M, Index, Arrays[I].Param) +
                      " was given an array on device " +
                      std::to_string(Arrays[I].Device) +
                      " but the launch runs on device " +
                      std::to_string(DeviceId) +
                      "; copy the array there or launch on its device");
  Backend &B = backend(DeviceId);
  void *Loaded = ModuleLoader::loaded(M, DeviceId, B);
  B.launchModuleKernel(Loaded, M.image(), Index, C,
                       C.S ? C.S->handle() : nullptr, Args);
}
