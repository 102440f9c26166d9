//===- pykc/Reduce.h - Running @cuda.reduce reductions ----------*- C++ -*-===//
//
// A @cuda.reduce function compiles, per dtype, to two kernels (pykc's
// ir/Reduction.h): one for GPUs and one for the CPU device. pykc::reduce
// runs the right one as Numba's Reduce.__call__(arr, size, res, init,
// stream) does: it reduces the first `size` elements (all by default),
// applies `init` once at the end, gives `init` for an empty array, and with
// `res` writes the result to res[0] on the device and copies nothing back.
//
// Device memory is any 1-d ArrayView: a DeviceArray, memory another library
// owns (a raw pointer, a DLPack tensor), or a strided view of either (every
// other element, a reversed array: byte strides of any sign, or zero). The
// kernels index it through its stride, in place. On the CPU device a view of
// a std::vector is device memory too; a std::span<const T> is host memory,
// which is streamed. One launch a call on device memory; its scratch memory
// (the blocks' partials, a ticket counter, the result) is allocated once per
// device and stream and kept. A host array of any size is streamed through a
// few bounded buffers, copying one chunk while the one before is reduced
// (StreamReduce.h).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_REDUCE_H
#define PYKC_REDUCE_H

#include "pykc/ArrayView.h"
#include "pykc/DeviceArray.h"
#include "pykc/Kernel.h"
#include "pykc/Launch.h"
#include "pykc/StreamReduce.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>

namespace pykc {

/// The two kernels of one reduction for one dtype: as KernelImages (what
/// `pykc reduce` compiles) or as entries of a compiled module's table (what
/// a `pykc -c` header names).
class ReduceKernels {
public:
  ReduceKernels(const KernelImage &Gpu, const KernelImage &Cpu) : Gpu(Gpu), Cpu(Cpu) {}
  constexpr ReduceKernels(const Module &M, uint32_t GpuIndex, uint32_t CpuIndex)
      : M(&M), GpuIndex(GpuIndex), CpuIndex(CpuIndex) {}
  /// Launches the CPU device's kernel or the GPU's.
  void launch(bool OnCpu, const LaunchConfig &C, void **Args) const;
  /// How many blocks of \p BlockThreads threads of the GPU kernel one
  /// multiprocessor of the device \p S runs on holds at once (0: unknown).
  unsigned residentGpuBlocks(unsigned BlockThreads, Stream *S) const;

private:
  KernelImage Gpu{}, Cpu{};
  const Module *M = nullptr;
  uint32_t GpuIndex = 0, CpuIndex = 0;
};

/// The options of a reduction call, as Numba's Reduce takes them.
template <DType T> struct ReduceOptions {
  T init = T(0);
  /// Reduce only the first `size` elements (at most the array's size).
  std::optional<int64_t> size;
  /// Write the result to res->data()[0] on the device (a DeviceArray or any
  /// view with an element); nothing is copied back and reduce() returns init.
  const ArrayView<T, 1> *res = nullptr;
  Stream *stream = nullptr;
};

namespace detail {
/// The typed reduce() functions' common part. \p Data/\p Count/\p Stride
/// describe a 1-d device array (stride in bytes); \p Init and the result
/// are \p ElementSize bytes. Writes the result to \p ResDevice (a device
/// pointer) when it is not null, else to \p HostResult.
void reduceOnDevice(const ReduceKernels &K, size_t ElementSize, void *Data, int64_t Count,
                    int64_t Stride, const void *Init, void *ResDevice, void *HostResult,
                    Stream *S);
/// Queues one launch on \p S: f-reduces \p Count values at \p Data, then
/// f(total, init) when \p UseInit, into \p Out (a device pointer; null: the
/// scratch result of \p S, whose address it returns). Waits for nothing.
void *enqueueReduce(const ReduceKernels &K, size_t ElementSize, const void *Data, int64_t Count,
                    int64_t Stride, const void *Init, bool UseInit, void *Out, Stream *S);
/// Allocates the scratch of reductions on \p S for the most blocks a launch
/// takes, so that later launches allocate nothing.
void prepareReduceScratch(size_t ElementSize, Stream *S);
/// Throws Error(InvalidValue) unless what a reduction on the current device
/// uses is there: the array (on \p ArrayDevice; -1 for an empty view), the
/// stream \p S (in the primary context, where the scratch memory is) and
/// the result array \p ResDevice of \p ResSize elements (\p HasRes false:
/// none), which needs one.
void checkReduceArrays(int ArrayDevice, bool HasRes, int ResDevice, int64_t ResSize, Stream *S);
} // namespace detail

/// Reduces device memory of the current device: a DeviceArray or any 1-d
/// view, strided or not.
template <DType T>
T reduce(const ReduceKernels &K, const ArrayView<T, 1> &A, const ReduceOptions<T> &O = {}) {
  detail::checkReduceArrays(A.device(), O.res != nullptr, O.res ? O.res->device() : -1,
                            O.res ? O.res->size() : 0, O.stream);
  int64_t N = A.size();
  if (O.size)
    N = *O.size < 0 ? 0 : std::min(*O.size, N);
  T Result = O.init;
  if (N == 0) {
    if (O.res)
      copyHostToDevice(O.res->device(), O.res->data(), &O.init, sizeof(T), O.stream);
    return O.init;
  }
  detail::reduceOnDevice(K, sizeof(T), A.data(), N, A.stride(0), &O.init,
                         O.res ? O.res->data() : nullptr, &Result, O.stream);
  return Result;
}

/// Reduces host values of any number on the current device, streaming them
/// through bounded buffers (StreamReduce.h) within \p L.
template <DType T>
T reduce(const ReduceKernels &K, std::span<const T> Host, const ReduceOptions<T> &O,
         const StreamLimits &L, StreamReport *Report = nullptr) {
  detail::checkReduceArrays(-1, O.res != nullptr, O.res ? O.res->device() : -1,
                            O.res ? O.res->size() : 0, O.stream);
  size_t N = Host.size();
  if (O.size)
    N = *O.size < 0 ? 0 : std::min<size_t>(size_t(*O.size), N);
  if (N == 0) {
    if (O.res)
      copyHostToDevice(O.res->device(), O.res->data(), &O.init, sizeof(T), O.stream);
    return O.init;
  }
  T Result = O.init;
  detail::reduceHost(K, sizeof(T), Host.data(), N, &O.init, O.res ? O.res->data() : nullptr,
                     &Result, O.stream, L, Report);
  return Result;
}

/// Reduces host values of any number on the current device, streaming them
/// with the device's default limits.
template <DType T>
T reduce(const ReduceKernels &K, std::span<const T> Host, const ReduceOptions<T> &O = {}) {
  return reduce(K, Host, O, StreamLimits::forCurrentDevice());
}

} // namespace pykc

#endif // PYKC_REDUCE_H
