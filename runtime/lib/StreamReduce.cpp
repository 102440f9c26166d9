//===- StreamReduce.cpp - Reducing host arrays in chunks ------------------===//
//
// The pipeline of StreamReduce.h. A staging thread fills the buffers in
// chunk order; the calling thread queues, for each filled buffer, its copy
// to the device (CUDA: on the copy stream) and the kernel that reduces it
// into the chunk's total (on the compute stream, after the copy's event),
// then gives the buffer back. A buffer is refilled only after the work
// that reads it finished: the staging thread waits for the copy's event
// (pinned buffers) or the kernel's (the CPU device's buffers, filled in
// place), and a device buffer is copied into only after the copy stream
// waited for the kernel that read it last.
//
//===----------------------------------------------------------------------===//
#include "pykc/StreamReduce.h"
#include "pykc/Device.h"
#include "pykc/Error.h"
#include "pykc/Memory.h"
#include "pykc/Reduce.h"
#include "pykc/Stream.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace pykc;

namespace {

/// The streams of one device's streamed reductions, made once and kept;
/// one reduction at a time uses them.
struct Engine {
  std::mutex Busy;
  std::unique_ptr<Stream> Compute, Copy;
};

Engine &engineFor(int Device) {
  static std::mutex Lock;
  static auto *Engines = new std::map<int, Engine>();
  std::lock_guard<std::mutex> Guard(Lock);
  return (*Engines)[Device];
}

/// One staging buffer: device memory, the pinned host memory it is copied
/// from on a GPU (none on the CPU device), and the events of its last copy
/// and reduction.
struct Buffer {
  int Device = -1;
  void *DeviceData = nullptr;
  void *Pinned = nullptr;
  std::unique_ptr<Event> Copied, Reduced;
  enum State { Empty, Filled } Is = Empty;
  uint64_t Chunk = 0;

  Buffer() = default;
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  ~Buffer() {
    deviceFree(Device, DeviceData);
    pinnedFree(Device, Pinned);
  }
};

/// Allocates \p Count buffers of \p Bytes; throws what the allocation threw.
std::vector<std::unique_ptr<Buffer>> allocateBuffers(int Device, unsigned Count, uint64_t Bytes,
                                                     bool Pinned) {
  std::vector<std::unique_ptr<Buffer>> Out;
  for (unsigned I = 0; I < Count; ++I) {
    auto B = std::make_unique<Buffer>();
    B->Device = Device;
    B->DeviceData = deviceMalloc(Device, Bytes);
    if (Pinned)
      B->Pinned = pinnedMalloc(Device, Bytes);
    B->Copied = std::make_unique<Event>(Device);
    B->Reduced = std::make_unique<Event>(Device);
    Out.push_back(std::move(B));
  }
  return Out;
}

/// Device memory that frees itself.
struct DeviceBlock {
  int Device;
  void *Ptr;
  DeviceBlock(int Device, size_t Bytes) : Device(Device), Ptr(deviceMalloc(Device, Bytes)) {}
  ~DeviceBlock() { deviceFree(Device, Ptr); }
  DeviceBlock(const DeviceBlock &) = delete;
  DeviceBlock &operator=(const DeviceBlock &) = delete;
};

std::string deviceName(const DeviceInfo &D) {
  return "device " + std::to_string(D.Id) + " (" + D.Name + ")";
}

/// Copies host memory into a pinned buffer: large copies on a few threads,
/// since one core's memcpy is slower than a PCIe 5 link.
void stageCopy(void *To, const void *From, size_t Bytes) {
  constexpr size_t PerThread = size_t(4) << 20;
  unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  unsigned Threads = unsigned(std::min<size_t>({Bytes / PerThread, Cores / 2, 4}));
  if (Threads <= 1) {
    std::memcpy(To, From, Bytes);
    return;
  }
  auto Part = [&](unsigned T) {
    size_t Begin = Bytes * T / Threads, End = Bytes * (T + 1) / Threads;
    std::memcpy(static_cast<char *>(To) + Begin, static_cast<const char *>(From) + Begin,
                End - Begin);
  };
  std::vector<std::thread> Helpers;
  try {
    for (unsigned T = 1; T < Threads; ++T)
      Helpers.emplace_back(Part, T);
  } catch (...) {
    for (auto &H : Helpers)
      H.join();
    throw;
  }
  Part(0);
  for (auto &H : Helpers)
    H.join();
}

/// The hand-over of buffers between the staging thread and the caller.
struct Pipeline {
  std::mutex Lock;
  std::condition_variable Changed;
  bool Stop = false;             ///< The caller failed: stage nothing more.
  std::exception_ptr StageError; ///< The staging thread failed.
};

} // namespace

void pykc::detail::reduceHost(const ReduceKernels &K, size_t ElementSize, const void *Host,
                              uint64_t Count, const void *Init, void *ResDevice, void *HostResult,
                              Stream *S, const StreamLimits &Limits, StreamReport *Report) {
  const DeviceInfo &Dev = current_device();
  bool Gpu = Dev.Kind == DeviceKind::CUDA;
  Engine &E = engineFor(Dev.Id);
  std::lock_guard<std::mutex> Exclusive(E.Busy);
  if (!E.Compute)
    E.Compute = std::make_unique<Stream>(Dev.Id);
  if (!E.Copy)
    E.Copy = std::make_unique<Stream>(Dev.Id);
  Stream *Compute = S ? S : E.Compute.get();
  Stream *Copy = Gpu ? E.Copy.get() : Compute;

  // Scratch first, so the plan sees the memory that is left.
  prepareReduceScratch(ElementSize, Compute);
  StreamLimits L = Limits;
  // Room for the chunks' totals: at least two (a fold must make room), no
  // more than there can be chunks.
  L.TotalsCapacity = std::min<uint64_t>(std::max<uint64_t>(L.TotalsCapacity, 2), Count);
  L.ReserveBytes += L.TotalsCapacity * ElementSize;
  uint64_t Free = L.AssumedFreeBytes ? *L.AssumedFreeBytes : get_memory_info(Dev.Id).Free;
  auto Fail = [&](const std::string &Why) {
    throw Error(ErrorCode::OutOfMemory,
                "pykc::reduce: cannot reduce a host array of " + std::to_string(Count) + " " +
                    std::to_string(ElementSize) + "-byte values on " + deviceName(Dev) + ": " +
                    Why + "; free device arrays you no longer need" +
                    (Gpu ? "" : ", or raise PYKC_DEVICE_MEMORY"));
  };
  std::string Why;
  std::optional<StreamPlan> Plan = planStream(Count, ElementSize, Free, L, Why);
  if (!Plan)
    Fail(Why);
  DeviceBlock Totals(Dev.Id, L.TotalsCapacity * ElementSize);
  std::vector<std::unique_ptr<Buffer>> Buffers;
  unsigned Shrinks = 0;
  for (;;) {
    try {
      Buffers = allocateBuffers(Dev.Id, Plan->Buffers, Plan->ChunkElements * ElementSize, Gpu);
      break;
    } catch (const Error &Err) {
      if (Err.code() != ErrorCode::OutOfMemory)
        throw;
      Buffers.clear();
      std::optional<StreamPlan> Smaller = shrinkPlan(*Plan, Count, ElementSize, L);
      if (!Smaller)
        Fail("allocating " + std::to_string(Plan->Buffers) + " buffers of " +
             std::to_string(Plan->ChunkElements * ElementSize) + " bytes failed, and " +
             "smaller chunks are not worth streaming (" + Err.what() + ")");
      Plan = Smaller;
      ++Shrinks;
    }
  }

  const char *Bytes = static_cast<const char *>(Host);
  uint64_t ChunkBytes = Plan->ChunkElements * ElementSize;
  auto ChunkSize = [&](uint64_t C) {
    return std::min<uint64_t>(Plan->ChunkElements, Count - C * Plan->ChunkElements);
  };
  // Chunk C into buffer C % Buffers, once the work that read it finished.
  auto Stage = [&](uint64_t C, Buffer &B) {
    const char *From = Bytes + C * ChunkBytes;
    size_t N = size_t(ChunkSize(C)) * ElementSize;
    if (B.Pinned) {
      if (C >= Buffers.size())
        B.Copied->synchronize(); // the last copy out of it finished
      stageCopy(B.Pinned, From, N);
    } else {
      if (C >= Buffers.size())
        B.Reduced->synchronize();
      copyHostToDevice(Dev.Id, B.DeviceData, From, N);
    }
    B.Chunk = C;
  };
  Pipeline P;
  // One chunk has nothing to overlap with: staged here, no thread.
  if (Plan->Chunks == 1) {
    Stage(0, *Buffers[0]);
    Buffers[0]->Is = Buffer::Filled;
  }
  std::thread Stager;
  if (Plan->Chunks > 1)
    Stager = std::thread([&] {
      try {
        for (uint64_t C = 0; C < Plan->Chunks; ++C) {
          Buffer &B = *Buffers[C % Buffers.size()];
          {
            std::unique_lock<std::mutex> Lock(P.Lock);
            P.Changed.wait(Lock, [&] { return P.Stop || B.Is == Buffer::Empty; });
            if (P.Stop)
              return;
          }
          Stage(C, B);
          std::lock_guard<std::mutex> Lock(P.Lock);
          B.Is = Buffer::Filled;
          P.Changed.notify_all();
        }
      } catch (...) {
        std::lock_guard<std::mutex> Lock(P.Lock);
        P.StageError = std::current_exception();
        P.Changed.notify_all();
      }
    });
  auto StopStaging = [&] {
    {
      std::lock_guard<std::mutex> Lock(P.Lock);
      P.Stop = true;
      P.Changed.notify_all();
    }
    Stager.join();
  };

  uint64_t Held = 0, Folds = 0; // totals on the device
  char *TotalsAt = static_cast<char *>(Totals.Ptr);
  try {
    for (uint64_t C = 0; C < Plan->Chunks; ++C) {
      Buffer &B = *Buffers[C % Buffers.size()];
      {
        std::unique_lock<std::mutex> Lock(P.Lock);
        P.Changed.wait(Lock, [&] { return P.StageError || B.Is == Buffer::Filled; });
        if (P.StageError)
          std::rethrow_exception(P.StageError);
      }
      int64_t N = int64_t(ChunkSize(C));
      if (B.Pinned) {
        if (C >= Buffers.size())
          B.Reduced->wait(Copy); // the kernel that read the device buffer last
        copyHostToDevice(Dev.Id, B.DeviceData, B.Pinned, size_t(N) * ElementSize, Copy);
        B.Copied->record(Copy);
        B.Copied->wait(Compute);
      }
      if (Held == L.TotalsCapacity) {
        // The totals so far become the first: the running value stays first.
        enqueueReduce(K, ElementSize, TotalsAt, int64_t(Held), int64_t(ElementSize), Init, false,
                      TotalsAt, Compute);
        Held = 1;
        ++Folds;
      }
      enqueueReduce(K, ElementSize, B.DeviceData, N, int64_t(ElementSize), Init, false,
                    TotalsAt + Held * ElementSize, Compute);
      ++Held;
      B.Reduced->record(Compute);
      std::lock_guard<std::mutex> Lock(P.Lock);
      B.Is = Buffer::Empty;
      P.Changed.notify_all();
    }
    if (Stager.joinable())
      Stager.join();
    void *Out = enqueueReduce(K, ElementSize, TotalsAt, int64_t(Held), int64_t(ElementSize), Init,
                              true, ResDevice, Compute);
    if (!ResDevice)
      copyDeviceToHost(Dev.Id, HostResult, Out, ElementSize, Compute);
    Compute->synchronize();
  } catch (...) {
    if (Stager.joinable())
      StopStaging();
    // Nothing may still read or write the buffers when they are freed.
    try {
      Copy->synchronize();
      Compute->synchronize();
    } catch (...) {
    }
    throw;
  }
  if (Report) {
    Report->Plan = *Plan;
    Report->Shrinks = Shrinks;
    Report->Folds = Folds;
    Report->Pinned = Gpu;
  }
}
