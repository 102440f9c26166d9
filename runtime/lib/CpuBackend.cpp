//===- CpuBackend.cpp - The CPU device ------------------------------------===//
//
// Device memory is guarded host memory (GuardedMemory.h): an overrun faults
// at once. PYKC_DEVICE_MEMORY (or set_cpu_device_memory) caps it, counting
// the bytes arrays asked for, so that code for a GPU smaller than its data
// runs as it would there. Pinned memory is host memory aligned to 64 bytes.
// Copies are memcpy; all work is synchronous, so streams are empty handles and an event is the time it was
// recorded. Launches go to CpuLauncher.
//
//===----------------------------------------------------------------------===//
#include "Backend.h"
#include "CpuLauncher.h"
#include "ModuleCheck.h"
#include "GuardedMemory.h"
#include "ThreadPool.h"

#include "pykc/Error.h"

#include <atomic>
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

/// Bytes in "64 MiB" form for messages: the exact count, and a round unit
/// when there is one.
std::string bytesText(uint64_t Bytes) {
  std::string S = std::to_string(Bytes) + " bytes";
  static const char *Units[] = {"KiB", "MiB", "GiB", "TiB"};
  int U = -1;
  uint64_t V = Bytes;
  while (U < 3 && V >= 1024 && V % 1024 == 0) {
    V /= 1024;
    ++U;
  }
  return U < 0 ? S : S + " (" + std::to_string(V) + " " + Units[U] + ")";
}

/// The host's available memory (MemAvailable), or its free pages.
uint64_t hostAvailableMemory() {
  std::ifstream In("/proc/meminfo");
  std::string Key;
  uint64_t Kib = 0;
  std::string Unit;
  while (In >> Key >> Kib >> Unit)
    if (Key == "MemAvailable:")
      return Kib * 1024;
  long Pages = sysconf(_SC_AVPHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  return Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
}

class CpuBackend final : public Backend {
public:
  explicit CpuBackend(int Id) {
    Info.Id = Id;
    Info.Kind = DeviceKind::CPU;
    std::string Model = cpuModelName();
    Info.Name = Model.empty() ? "Host CPU" : "Host CPU (" + Model + ")";
    long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
    PhysicalMemory = Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
    Info.TotalMemory = PhysicalMemory;
    if (const char *Env = std::getenv("PYKC_DEVICE_MEMORY"); Env && *Env) {
      uint64_t Bytes = 0;
      std::string Why;
      if (parseMemorySize(Env, Bytes, Why))
        setCap(Bytes);
      else // reported where the memory is used, not while listing devices
        CapError = "PYKC_DEVICE_MEMORY is '" + std::string(Env) + "': " + Why;
    }
    Info.MaxThreadsPerBlock = 1024;
    Info.MaxBlockDim = Dim3(1024, 1024, 64);
    Info.MaxGridDim = Dim3(2147483647u, 65535, 65535);
    Info.SharedMemPerBlock = 48 * 1024;
    Info.SharedMemPerBlockOptin = 48 * 1024;
    unsigned Cores = std::thread::hardware_concurrency();
    Info.MultiprocessorCount = Cores ? Cores : 1;
    Info.WarpSize = 32; // Numba's, as cuda.warpsize reads on the CPU backend
  }

  /// 0: no cap.
  void setCap(uint64_t Bytes) {
    Cap.store(Bytes);
    CapError.clear();
    Info.TotalMemory = Bytes ? Bytes : PhysicalMemory;
  }

  MemoryInfo memoryInfo() override {
    checkCap();
    uint64_t Limit = Cap.load();
    if (!Limit)
      return {hostAvailableMemory(), PhysicalMemory};
    uint64_t InUse = Used.load();
    return {InUse < Limit ? Limit - InUse : 0, Limit};
  }
  void streamWaitEvent(void *, void *) override {}

  void *allocate(size_t Bytes) override {
    checkCap();
    // Counted before mapping, so two threads cannot both take the last bytes.
    uint64_t Before = Used.fetch_add(Bytes);
    uint64_t Limit = Cap.load();
    if (Limit && (Before + Bytes > Limit || Before + Bytes < Before)) {
      Used.fetch_sub(Bytes);
      throw Error(ErrorCode::OutOfMemory,
                  "cannot allocate " + std::to_string(Bytes) +
                      " bytes of device memory on the CPU device: PYKC_DEVICE_MEMORY caps it at " +
                      bytesText(Limit) + " and its arrays hold " + std::to_string(Before) +
                      " bytes; free arrays you no longer need, or raise PYKC_DEVICE_MEMORY");
    }
    void *P = mapGuarded(Bytes, CpuArrayAlignment, cpuArrayGuardBytes(Bytes));
    if (!P) {
      Used.fetch_sub(Bytes);
      throw Error(ErrorCode::OutOfMemory,
                  "cannot allocate " + std::to_string(Bytes) +
                      " bytes of device memory on the CPU device (" + std::strerror(errno) +
                      "; each array is a mapping of its own, followed by an inaccessible "
                      "region of max(1 MiB, its size), so the limit is the address space "
                      "or vm.max_map_count); free arrays you no longer need");
    }
    return P;
  }
  void release(void *Ptr, size_t Bytes) noexcept override {
    unmapGuarded(Ptr, Bytes, CpuArrayAlignment, cpuArrayGuardBytes(Bytes));
    Used.fetch_sub(Bytes);
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
  void borrowStream(void *) override {
    throw Error(ErrorCode::InvalidValue,
                "Stream::borrow: a stream handle from another library (a CUstream) cannot order "
                "work on the CPU device, where all work runs in order as it is called; launch on "
                "the default stream (nullptr) instead");
  }

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
  void checkCap() const {
    if (!CapError.empty())
      throw Error(ErrorCode::InvalidValue, CapError);
  }

  uint64_t PhysicalMemory = 0;
  std::atomic<uint64_t> Cap{0};  ///< PYKC_DEVICE_MEMORY; 0: none.
  std::atomic<uint64_t> Used{0}; ///< Bytes of live allocations.
  std::string CapError;          ///< Why PYKC_DEVICE_MEMORY is unusable.

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

void pykc::runtime::setCpuMemoryCap(Backend &Cpu, uint64_t Bytes) {
  static_cast<CpuBackend &>(Cpu).setCap(Bytes);
}

bool pykc::parseMemorySize(const std::string &Text, uint64_t &Bytes, std::string &Error) {
  size_t I = 0;
  uint64_t V = 0;
  while (I < Text.size() && Text[I] >= '0' && Text[I] <= '9') {
    if (V > (UINT64_MAX - 9) / 10) {
      Error = "it is more bytes than a 64-bit count holds";
      return false;
    }
    V = V * 10 + uint64_t(Text[I++] - '0');
  }
  std::string Suffix = Text.substr(I);
  int Shift = -1;
  for (auto [Names, S] : {std::pair<const char *, int>{"|B", 0}, {"K|KB|KiB|k", 10},
                          {"M|MB|MiB", 20}, {"G|GB|GiB", 30}, {"T|TB|TiB", 40}}) {
    std::string List = std::string("|") + Names + "|";
    if (List.find("|" + Suffix + "|") != std::string::npos)
      Shift = S;
  }
  if (I == 0 || Shift < 0) {
    Error = "expected a number of bytes with an optional suffix K, M, G or T (64M is 64 MiB)";
    return false;
  }
  if (V == 0) {
    Error = "a device needs more than 0 bytes; unset it for no cap";
    return false;
  }
  if (Shift && V > (UINT64_MAX >> Shift)) {
    Error = "it is more bytes than a 64-bit count holds";
    return false;
  }
  Bytes = V << Shift;
  return true;
}
