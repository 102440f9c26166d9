//===- CpuBackend.cpp - The CPU device ------------------------------------===//
//
// Device memory is guarded host memory (GuardedMemory.h): an overrun faults
// at once. Pinned memory is host memory aligned to 64 bytes. Copies are
// memcpy; all work is synchronous, so streams are empty handles and an event is the time it was
// recorded. Launches go to CpuLauncher.
//
//===----------------------------------------------------------------------===//
#include "Backend.h"
#include "CpuLauncher.h"
#include "ModuleCheck.h"
#include "GuardedMemory.h"
#include "ThreadPool.h"

#include "pykc/Error.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <unistd.h>

using namespace pykc;
using namespace pykc::runtime;

namespace {

struct CpuStream {};

struct CpuEvent {
  bool Recorded = false;
  std::chrono::steady_clock::time_point When;
};

std::string cpuModelName() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.rfind("model name", 0) != 0)
      continue;
    size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      break;
    size_t Start = Line.find_first_not_of(" \t", Colon + 1);
    return Start == std::string::npos ? std::string() : Line.substr(Start);
  }
  return "";
}

class CpuBackend final : public Backend {
public:
  explicit CpuBackend(int Id) {
    Info.Id = Id;
    Info.Kind = DeviceKind::CPU;
    std::string Model = cpuModelName();
    Info.Name = Model.empty() ? "Host CPU" : "Host CPU (" + Model + ")";
    long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
    Info.TotalMemory =
        Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
    Info.MaxThreadsPerBlock = 1024;
    Info.MaxBlockDim = Dim3(1024, 1024, 64);
    Info.MaxGridDim = Dim3(2147483647u, 65535, 65535);
    Info.SharedMemPerBlock = 48 * 1024;
    Info.SharedMemPerBlockOptin = 48 * 1024;
    unsigned Cores = std::thread::hardware_concurrency();
    Info.MultiprocessorCount = Cores ? Cores : 1;
    Info.WarpSize = 32; // Numba's, as cuda.warpsize reads on the CPU backend
  }

  void *allocate(size_t Bytes) override {
    void *P = mapGuarded(Bytes, CpuArrayAlignment, cpuArrayGuardBytes(Bytes));
    if (!P)
      throw Error(ErrorCode::OutOfMemory,
                  "cannot allocate " + std::to_string(Bytes) +
                      " bytes of device memory on the CPU device (" + std::strerror(errno) +
                      "; each array is a mapping of its own, followed by an inaccessible "
                      "region of max(1 MiB, its size), so the limit is the address space "
                      "or vm.max_map_count); free arrays you no longer need");
    return P;
  }
  void release(void *Ptr, size_t Bytes) noexcept override {
    unmapGuarded(Ptr, Bytes, CpuArrayAlignment, cpuArrayGuardBytes(Bytes));
  }

  void copyHostToDevice(void *Dst, const void *Src, size_t Bytes,
                        void *) override {
    std::memcpy(Dst, Src, Bytes);
  }
  void copyDeviceToHost(void *Dst, const void *Src, size_t Bytes,
                        void *) override {
    std::memcpy(Dst, Src, Bytes);
  }
  void copyDeviceToDevice(void *Dst, const void *Src, size_t Bytes,
                          void *) override {
    std::memmove(Dst, Src, Bytes);
  }

  void *allocatePinned(size_t Bytes) override {
    return alignedAlloc(Bytes, "pinned host");
  }
  void releasePinned(void *Ptr) noexcept override { std::free(Ptr); }

  void *createStream() override { return new CpuStream; }
  void destroyStream(void *S) noexcept override {
    delete static_cast<CpuStream *>(S);
  }
  void synchronizeStream(void *) override {}

  void *createEvent() override { return new CpuEvent; }
  void destroyEvent(void *E) noexcept override {
    delete static_cast<CpuEvent *>(E);
  }
  void recordEvent(void *E, void *) override {
    auto *Ev = static_cast<CpuEvent *>(E);
    Ev->Recorded = true;
    Ev->When = std::chrono::steady_clock::now();
  }
  void synchronizeEvent(void *) override {}
  bool queryEvent(void *) override { return true; }
  float elapsedMilliseconds(void *Start, void *End) override {
    auto *S = static_cast<CpuEvent *>(Start);
    auto *E = static_cast<CpuEvent *>(End);
    if (!S->Recorded || !E->Recorded)
      throw Error(ErrorCode::InvalidValue,
                  "elapsed_time() needs both events recorded; call record() "
                  "on each first");
    return std::chrono::duration<float, std::milli>(E->When - S->When).count();
  }

  void synchronize() override {}

  void launch(const KernelImage &K, const LaunchConfig &C, void *,
              void **Args) override {
    launchOnCpu(K, C, Args);
  }

  void *loadModule(const pykc_module_image &M) override {
    // PYKC_CHECK=1: the instrumented twins (pykc -c --check), or an error.
    bool Checked = checkRequested(M);
    auto *Kernels = new std::vector<KernelImage>; // lives with the module
    for (uint32_t I = 0; I < M.num_kernels; ++I) {
      const pykc_kernel_entry &E = M.kernels[Checked ? M.num_kernels + I : I];
      Kernels->push_back({E.name, nullptr, E.cpu_thread, E.cpu_shared_bytes,
                          E.cpu_uses_barrier != 0, E.cpu_blocks,
                          (E.flags & PYKC_KERNEL_COOPERATIVE) != 0, Checked});
    }
    return Kernels;
  }
  void launchModuleKernel(void *Loaded, const pykc_module_image &M,
                          uint32_t Index, const LaunchConfig &C, void *,
                          void **Args) override {
    const KernelImage &K = (*static_cast<std::vector<KernelImage> *>(Loaded))[Index];
    if (!K.CpuEntry)
      throw Error(ErrorCode::NoDevice,
                  std::string("kernel '") + K.Name + "' of module '" + M.name +
                      "' has no CPU code; recompile the module with pykc -c "
                      "(which always includes it) or run on a GPU");
    checkLaunchConfig(K, C, Info.Id, K.CpuSharedBytes);
    launchOnCpu(K, C, Args);
    if (K.CpuChecked)
      reportCheckedLaunch(K.Name);
  }

private:
  static void *alignedAlloc(size_t Bytes, const char *What) {
    // aligned_alloc wants a multiple of the alignment.
    size_t Rounded;
    if (__builtin_add_overflow(std::max<size_t>(Bytes, 1), 63, &Rounded))
      Rounded = 0; // too large for anything
    Rounded = Rounded / 64 * 64;
    void *P = Rounded ? std::aligned_alloc(64, Rounded) : nullptr;
    if (!P)
      throw Error(ErrorCode::OutOfMemory,
                  "cannot allocate " + std::to_string(Bytes) + " bytes of " +
                      What + " memory on the CPU device");
    return P;
  }
};

} // namespace

std::unique_ptr<Backend> pykc::runtime::createCpuBackend(int Id) {
  return std::make_unique<CpuBackend>(Id);
}
