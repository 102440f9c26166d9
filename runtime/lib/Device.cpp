//===- Device.cpp - The device registry and selection ---------------------===//
//
// Devices are enumerated once, thread-safely, on first use: CUDA devices
// first (when the driver loads), then the CPU. The current device is
// process-wide.
//
//===----------------------------------------------------------------------===//
#include "Allocations.h"
#include "Backend.h"
#include "GlobalCheck.h"

#include "pykc/Error.h"
#include "pykc/Memory.h"
#include "pykc/Stream.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>

using namespace pykc;
using namespace pykc::runtime;

namespace {

struct Registry {
  std::vector<std::unique_ptr<Backend>> Devices;
  int FirstCuda = -1; ///< -1: no CUDA device.
  int Cpu = -1;
};

Registry &registry() {
  // Never destroyed: arrays freed during static destruction still need it.
  static Registry *R = [] {
    auto *R = new Registry;
    R->Devices = createCudaBackends(0);
    if (!R->Devices.empty())
      R->FirstCuda = 0;
    R->Cpu = int(R->Devices.size());
    R->Devices.push_back(createCpuBackend(R->Cpu));
    return R;
  }();
  return *R;
}

std::atomic<int> CurrentDevice{-1};
std::mutex SelectMutex;

} // namespace

Backend &pykc::runtime::backend(int Id) {
  Registry &R = registry();
  if (Id < 0 || Id >= int(R.Devices.size()))
    throw Error(ErrorCode::NoDevice,
                "there is no device " + std::to_string(Id) +
                    "; devices are 0.." + std::to_string(R.Devices.size() - 1) +
                    " (see pykc::list_devices())");
  return *R.Devices[Id];
}

const char *pykc::deviceKindName(DeviceKind K) {
  return K == DeviceKind::CUDA ? "cuda" : "cpu";
}

std::string DeviceInfo::computeCapability() const {
  return std::to_string(ComputeCapabilityMajor) + "." +
         std::to_string(ComputeCapabilityMinor);
}

std::vector<DeviceInfo> pykc::list_devices() {
  std::vector<DeviceInfo> Result;
  for (const auto &B : registry().Devices)
    Result.push_back(B->info());
  return Result;
}

bool pykc::cuda_available() { return registry().FirstCuda >= 0; }

std::string pykc::cuda_unavailable_reason() {
  return cuda_available() ? std::string() : cudaUnavailableReason();
}

int pykc::cpu_device_id() { return registry().Cpu; }

void pykc::select_device(int Id) {
  backend(Id); // Validates.
  CurrentDevice.store(Id);
}

int pykc::select_default_device() {
  Registry &R = registry();
  const char *Env = std::getenv("PYKC_BACKEND");
  std::string Choice = Env ? Env : "";
  int Id;
  if (Choice == "cpu") {
    Id = R.Cpu;
  } else if (Choice == "cuda") {
    if (R.FirstCuda < 0)
      throw Error(ErrorCode::NoDevice,
                  "PYKC_BACKEND=cuda asks for a CUDA device, but none is "
                  "available: " +
                      cudaUnavailableReason() +
                      ". Run on the CPU instead with `--backend cpu` "
                      "(PYKC_BACKEND=cpu).");
    Id = R.FirstCuda;
  } else if (Choice.empty()) {
    Id = R.FirstCuda >= 0 ? R.FirstCuda : R.Cpu;
  } else {
    throw Error(ErrorCode::InvalidValue,
                "PYKC_BACKEND is '" + Choice +
                    "'; it must be 'cpu' or 'cuda' (or unset to use a CUDA "
                    "device when there is one)");
  }
  CurrentDevice.store(Id);
  return Id;
}

int pykc::currentDeviceId() {
  int Id = CurrentDevice.load();
  if (Id >= 0)
    return Id;
  std::lock_guard<std::mutex> Lock(SelectMutex);
  Id = CurrentDevice.load();
  return Id >= 0 ? Id : select_default_device();
}

const DeviceInfo &pykc::current_device() {
  return backend(currentDeviceId()).info();
}

void pykc::synchronize() { backend(currentDeviceId()).synchronize(); }

MemoryInfo pykc::get_memory_info(int DeviceId) {
  return backend(DeviceId < 0 ? currentDeviceId() : DeviceId).memoryInfo();
}

void pykc::set_cpu_device_memory(uint64_t Bytes) {
  setCpuMemoryCap(backend(registry().Cpu), Bytes);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

static void *streamHandle(int DeviceId, Stream *S) {
  if (!S)
    return nullptr;
  if (S->device() != DeviceId)
    throw Error(ErrorCode::InvalidValue,
                "a stream of device " + std::to_string(S->device()) +
                    " was used for work on device " + std::to_string(DeviceId) +
                    "; use a stream created on the same device");
  return S->handle();
}

void *pykc::deviceMalloc(int DeviceId, size_t Bytes) {
  void *P = backend(DeviceId).allocate(Bytes);
  try {
    recordAllocation(P, Bytes, DeviceId);
    trackAllocation(P, Bytes); // for --check's initcheck, when it is on
  } catch (...) {
    backend(DeviceId).release(P, Bytes);
    throw;
  }
  return P;
}

void pykc::deviceFree(int DeviceId, void *Ptr) noexcept {
  if (!Ptr || DeviceId < 0)
    return;
  // Not an allocation of the runtime's (any more): nothing to free. The
  // memory belongs to the device that allocated it, whatever DeviceId says.
  std::optional<Allocation> A = forgetAllocation(Ptr);
  if (!A)
    return;
  untrackAllocation(Ptr);
  try {
    backend(A->Device).release(Ptr, A->Bytes);
  } catch (...) {
  }
}

/// Refuses a copy whose ranges wrap or run past the end of one of the
/// runtime's allocations, before the backend reads or writes anything.
static void checkCopy(const char *What, const void *Dst, const void *Src, size_t Bytes) {
  for (const void *P : {Dst, Src}) {
    if (!P)
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + ": the " + (P == Dst ? "destination" : "source") +
                      " of a " + std::to_string(Bytes) + "-byte copy is null");
    if (std::string Problem = copyRangeProblem(P, Bytes); !Problem.empty())
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + ": the " + (P == Dst ? "destination" : "source") + "'s " +
                      Problem + "; copy no more than the allocation holds");
  }
}

void pykc::copyHostToDevice(int DeviceId, void *Dst, const void *Src,
                            size_t Bytes, Stream *S) {
  if (!Bytes)
    return;
  checkCopy("copying host memory to the device", Dst, Src, Bytes);
  markWritten(Dst, Bytes);
  backend(DeviceId).copyHostToDevice(Dst, Src, Bytes, streamHandle(DeviceId, S));
}

void pykc::copyDeviceToHost(int DeviceId, void *Dst, const void *Src,
                            size_t Bytes, Stream *S) {
  if (!Bytes)
    return;
  checkCopy("copying device memory to the host", Dst, Src, Bytes);
  backend(DeviceId).copyDeviceToHost(Dst, Src, Bytes, streamHandle(DeviceId, S));
}

void pykc::copyDeviceToDevice(int DeviceId, void *Dst, const void *Src,
                              size_t Bytes, Stream *S) {
  if (!Bytes)
    return;
  checkCopy("copying device memory on the device", Dst, Src, Bytes);
  markWritten(Dst, Bytes);
  backend(DeviceId).copyDeviceToDevice(Dst, Src, Bytes, streamHandle(DeviceId, S));
}

void *pykc::pinnedMalloc(int DeviceId, size_t Bytes) {
  return backend(DeviceId).allocatePinned(Bytes);
}

void pykc::pinnedFree(int DeviceId, void *Ptr) noexcept {
  if (!Ptr || DeviceId < 0)
    return;
  try {
    backend(DeviceId).releasePinned(Ptr);
  } catch (...) {
  }
}

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

void Dim3::throwBadExtent(int64_t V, char Axis) {
  throw Error(ErrorCode::InvalidValue,
              std::string("Dim3 extent ") + Axis + " = " + std::to_string(V) +
                  " is out of range (0 to 4294967295)");
}

static std::string dimString(const Dim3 &D) {
  return "(" + std::to_string(D.x) + ", " + std::to_string(D.y) + ", " +
         std::to_string(D.z) + ")";
}

void pykc::checkLaunchConfig(const KernelImage &K, const LaunchConfig &C,
                             int DeviceId, uint64_t StaticSharedBytes) {
  const DeviceInfo &D = backend(DeviceId).info();
  // Built only on failure: launches are hot and must not allocate.
  auto Where = [&] {
    return std::string("cannot launch kernel '") + (K.Name ? K.Name : "?") +
           "' on device " + std::to_string(DeviceId) + " (" + D.Name + "): ";
  };
  if (C.Grid.count() == 0 || C.Block.count() == 0)
    throw Error(ErrorCode::LaunchLimit, Where() + "grid " + dimString(C.Grid) +
                                            " and block " + dimString(C.Block) +
                                            " must have every dimension >= 1");
  if (C.Block.count() > D.MaxThreadsPerBlock)
    throw Error(ErrorCode::LaunchLimit,
                Where() + "a block of " + dimString(C.Block) + " = " +
                    std::to_string(C.Block.count()) +
                    " threads exceeds the limit of " +
                    std::to_string(D.MaxThreadsPerBlock) +
                    " threads per block; use smaller blocks and more of "
                    "them");
  static const char *Axis[] = {"x", "y", "z"};
  for (int I = 0; I < 3; ++I) {
    if (C.Block[I] > D.MaxBlockDim[I])
      throw Error(ErrorCode::LaunchLimit,
                  Where() + "block dimension " + Axis[I] + " = " +
                      std::to_string(C.Block[I]) + " exceeds the limit of " +
                      std::to_string(D.MaxBlockDim[I]));
    if (C.Grid[I] > D.MaxGridDim[I])
      throw Error(ErrorCode::LaunchLimit,
                  Where() + "grid dimension " + Axis[I] + " = " +
                      std::to_string(C.Grid[I]) + " exceeds the limit of " +
                      std::to_string(D.MaxGridDim[I]));
  }
  uint64_t Shared = StaticSharedBytes + C.DynamicSharedBytes;
  uint64_t Limit = std::max(D.SharedMemPerBlock, D.SharedMemPerBlockOptin);
  if (Shared > Limit)
    throw Error(ErrorCode::LaunchLimit,
                Where() + std::to_string(Shared) + " bytes of shared memory (" +
                    std::to_string(StaticSharedBytes) + " static + " +
                    std::to_string(C.DynamicSharedBytes) +
                    " dynamic) exceed the limit of " + std::to_string(Limit) +
                    " bytes per block");
}

unsigned pykc::runtime::residentBlocks(const KernelImage &K, unsigned BlockThreads, Stream *S) {
  int DeviceId = S ? S->device() : currentDeviceId();
  return backend(DeviceId).residentBlocks(K, BlockThreads, S ? S->handle() : nullptr);
}

void pykc::launch(const KernelImage &K, const LaunchConfig &C, void **Args) {
  int DeviceId = C.S ? C.S->device() : currentDeviceId();
  Backend &B = backend(DeviceId);
  // CUDA kernels' static shared memory is only known once the module is
  // loaded; the CUDA backend checks the total itself.
  checkLaunchConfig(K, C, DeviceId,
                    B.info().Kind == DeviceKind::CPU ? K.CpuSharedBytes : 0);
  B.launch(K, C, C.S ? C.S->handle() : nullptr, Args);
}
