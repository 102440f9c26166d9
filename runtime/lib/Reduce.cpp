//===- Reduce.cpp - Running @cuda.reduce reductions -----------------------===//
#include "pykc/Reduce.h"

#include "Backend.h"

#include "pykc/Device.h"
#include "pykc/Error.h"
#include "pykc/Stream.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

namespace pykc {

void ReduceKernels::launch(bool OnCpu, const LaunchConfig &C, void **Args) const {
  if (M)
    pykc::launch(*M, OnCpu ? CpuIndex : GpuIndex, C, Args, nullptr, 0);
  else
    pykc::launch(OnCpu ? Cpu : Gpu, C, Args);
}

unsigned ReduceKernels::residentGpuBlocks(unsigned BlockThreads, Stream *S) const {
  // Asked once per kernel, device and block size: the driver computes it
  // from the kernel's registers, which do not change.
  static std::mutex Lock;
  static auto *Known = new std::map<std::tuple<const void *, uint32_t, int, unsigned>, unsigned>();
  int Device = S ? S->device() : currentDeviceId();
  auto Key = M ? std::make_tuple(static_cast<const void *>(M), GpuIndex, Device, BlockThreads)
               : std::make_tuple(static_cast<const void *>(Gpu.Ptx), 0u, Device, BlockThreads);
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Known->find(Key);
    if (It != Known->end())
      return It->second;
  }
  unsigned N = M ? runtime::residentBlocks(*M, GpuIndex, BlockThreads, S)
                 : runtime::residentBlocks(Gpu, BlockThreads, S);
  std::lock_guard<std::mutex> Guard(Lock);
  return (*Known)[Key] = N;
}

namespace detail {

namespace {

/// A GPU block: 8 warps. A launch has as many blocks as the GPU holds at
/// once (at most 8 a multiprocessor, which is 2048 threads, every GPU's
/// most), so that they all run in one wave: with more, the blocks of a
/// second, partial wave run while most of the GPU idles (an H200 reached
/// 74% of CUB's bandwidth that way). Never more blocks than there are
/// blocks of values (the kernel relies on it).
constexpr int64_t GpuBlock = 256;
constexpr int64_t GpuBlocksPerSM = 8;
/// The CPU: contiguous chunks of at least this many elements, a few per
/// hardware thread so an uneven split still keeps every thread busy.
constexpr int64_t CpuMinChunk = 4096;
constexpr int64_t CpuChunksPerThread = 4;

/// What a reduction writes besides its result, kept per device and stream:
/// the blocks' partials, the ticket counter (0 between launches: the last
/// block resets it), and the result.
struct Scratch {
  int Device = -1;
  void *Partials = nullptr;
  size_t PartialBytes = 0;
  void *Ticket = nullptr;
  void *Result = nullptr;
};

Scratch &scratchFor(int Device, Stream *S, size_t PartialBytes) {
  static std::mutex Lock;
  static auto *Cache = new std::map<std::pair<int, Stream *>, Scratch>();
  std::lock_guard<std::mutex> Guard(Lock);
  Scratch &Sc = (*Cache)[{Device, S}];
  if (!Sc.Ticket) {
    Sc.Device = Device;
    Sc.Ticket = deviceMalloc(Device, sizeof(uint32_t));
    uint32_t Zero = 0;
    copyHostToDevice(Device, Sc.Ticket, &Zero, sizeof Zero, S);
    Sc.Result = deviceMalloc(Device, 16);
  }
  if (Sc.PartialBytes < PartialBytes) {
    deviceFree(Device, Sc.Partials);
    Sc.Partials = deviceMalloc(Device, PartialBytes);
    Sc.PartialBytes = PartialBytes;
  }
  return Sc;
}

/// The most blocks a launch over \p Count values takes on \p Dev;
/// \p Resident, the blocks a multiprocessor holds at once (0: unknown).
void launchShape(const DeviceInfo &Dev, int64_t Count, unsigned Resident, int64_t &Blocks,
                 int64_t &Block) {
  int64_t Threads = std::max<int64_t>(1, Dev.MultiprocessorCount);
  if (Dev.Kind == DeviceKind::CPU) {
    Block = 1;
    Blocks = std::clamp<int64_t>(Count / CpuMinChunk, 1, Threads * CpuChunksPerThread);
  } else {
    int64_t PerSM = Resident ? std::min<int64_t>(Resident, GpuBlocksPerSM) : GpuBlocksPerSM;
    Block = GpuBlock;
    Blocks = std::clamp<int64_t>((Count + GpuBlock - 1) / GpuBlock, 1, Threads * PerSM);
  }
}

void checkElementSize(size_t ElementSize) {
  // The kernels take init as one scalar slot: only dtypes of up to 8 bytes
  // reduce (ir/Reduction.cpp refuses complex ones).
  if (ElementSize == 0 || ElementSize > sizeof(uint64_t))
    throw Error(ErrorCode::InvalidValue,
                "pykc::reduce: a reduction takes dtypes of 1 to 8 bytes (integers and floats), "
                "not " + std::to_string(ElementSize) + "-byte elements");
}

/// The kernels load whole elements through the array's byte stride: every
/// element must be aligned to its size, or a GPU faults on the load (and its
/// context is lost). An ArrayView's strides are multiples of the element's
/// alignment already; the C API's are not checked before this.
void checkElementLayout(size_t ElementSize, const void *Data, int64_t Stride) {
  int64_t Size = int64_t(ElementSize);
  if (Stride % Size != 0)
    throw Error(ErrorCode::InvalidValue,
                "pykc::reduce: the array's stride of " + std::to_string(Stride) +
                    " bytes is not a multiple of its " + std::to_string(Size) +
                    "-byte elements, so they are not aligned; strides are in bytes, as NumPy's");
  if (reinterpret_cast<uintptr_t>(Data) % ElementSize != 0)
    throw Error(ErrorCode::InvalidValue,
                "pykc::reduce: the array's data is not aligned to its " + std::to_string(Size) +
                    "-byte elements");
}

std::string deviceWhat(int Id) { return "device " + std::to_string(Id); }

} // namespace

void checkReduceArrays(int ArrayDevice, bool HasRes, int ResDevice, int64_t ResSize, Stream *S) {
  int Current = currentDeviceId();
  auto Refuse = [&](const char *What, int Id) {
    throw Error(ErrorCode::InvalidValue,
                std::string("pykc::reduce: ") + What + " is on " + deviceWhat(Id) +
                    " but the reduction runs on the current device, " + deviceWhat(Current) +
                    "; select_device(" + std::to_string(Id) + ") first, or copy it there");
  };
  if (ArrayDevice >= 0 && ArrayDevice != Current)
    Refuse("the array", ArrayDevice);
  if (S && S->device() != Current)
    Refuse("the stream", S->device());
  if (S && S->isBorrowed() && runtime::backend(Current).inOtherContext(S->handle()))
    throw Error(ErrorCode::InvalidValue,
                "pykc::reduce: the stream belongs to another CUDA context than the device's "
                "primary one, where pykc keeps a reduction's scratch memory, out of that "
                "context's reach; reduce on a stream of the primary context (or the default "
                "stream)");
  if (!HasRes)
    return;
  if (ResSize < 1)
    throw Error(ErrorCode::InvalidValue,
                "pykc::reduce: the result array `res` is empty; it needs one element for the "
                "result");
  if (ResDevice != Current)
    Refuse("the result array `res`", ResDevice);
}

void prepareReduceScratch(size_t ElementSize, Stream *S) {
  checkElementSize(ElementSize);
  const DeviceInfo &Dev = current_device();
  int64_t Blocks, Block;
  launchShape(Dev, INT64_MAX / 2, 0, Blocks, Block); // the most any kernel takes
  scratchFor(Dev.Id, S, size_t(Blocks) * ElementSize);
}

void *enqueueReduce(const ReduceKernels &K, size_t ElementSize, const void *Data, int64_t Count,
                    int64_t Stride, const void *Init, bool UseInit, void *Out, Stream *S) {
  checkElementSize(ElementSize);
  checkElementLayout(ElementSize, Data, Stride);
  const DeviceInfo &Dev = current_device();
  int64_t Blocks, Block;
  unsigned Resident =
      Dev.Kind == DeviceKind::CPU ? 0 : K.residentGpuBlocks(unsigned(GpuBlock), S);
  launchShape(Dev, Count, Resident, Blocks, Block);
  Scratch &Sc = scratchFor(Dev.Id, S, size_t(Blocks) * ElementSize);
  if (!Out)
    Out = Sc.Result;
  uint64_t InitBits = 0;
  std::memcpy(&InitBits, Init, ElementSize);
  KernelArgs Args;
  Args.addArray(const_cast<void *>(Data), {Count}, {Stride});
  Args.addScalarBits(uint64_t(Count));
  Args.addScalarBits(InitBits);
  Args.addScalarBits(UseInit ? 1 : 0);
  Args.addArray(Sc.Partials, {Blocks}, {int64_t(ElementSize)});
  Args.addArray(Sc.Ticket, {1}, {int64_t(sizeof(uint32_t))});
  Args.addArray(Out, {1}, {int64_t(ElementSize)});
  try {
    K.launch(Dev.Kind == DeviceKind::CPU,
             LaunchConfig(Dim3(unsigned(Blocks)), Dim3(unsigned(Block)), 0, S), Args.data());
  } catch (...) {
    // A launch that failed part way leaves the ticket counted up; the next
    // one must start from 0.
    try {
      uint32_t Zero = 0;
      copyHostToDevice(Dev.Id, Sc.Ticket, &Zero, sizeof Zero, S);
    } catch (...) {
    }
    throw;
  }
  return Out;
}

void reduceOnDevice(const ReduceKernels &K, size_t ElementSize, void *Data, int64_t Count,
                    int64_t Stride, const void *Init, void *ResDevice, void *HostResult,
                    Stream *S) {
  void *Out = enqueueReduce(K, ElementSize, Data, Count, Stride, Init, true, ResDevice, S);
  if (!ResDevice)
    copyDeviceToHost(currentDeviceId(), HostResult, Out, ElementSize, S);
  if (S)
    S->synchronize();
  else
    synchronize();
}

} // namespace detail
} // namespace pykc
