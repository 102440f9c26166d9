//===- pykc/Memory.h - Raw device and pinned memory -------------*- C++ -*-===//
//
// The untyped memory operations DeviceArray and PinnedBuffer are built on.
// Device pointers are the backend's addresses: on CUDA a CUdeviceptr cast to
// void* (not dereferenceable on the host), on the CPU device host memory
// aligned to 64 bytes. Copies without a stream are synchronous; with a
// stream they are queued on it (synchronous anyway on the CPU device).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_MEMORY_H
#define PYKC_MEMORY_H

#include "pykc/Extents.h"

#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

namespace pykc {

class Stream;

/// Allocates Bytes (> 0) on device DeviceId; throws Error(OutOfMemory).
void *deviceMalloc(int DeviceId, size_t Bytes);
/// Frees what deviceMalloc returned; null is ignored, errors are swallowed
/// (destructors call it, possibly after the driver shut down).
void deviceFree(int DeviceId, void *Ptr) noexcept;

void copyHostToDevice(int DeviceId, void *Dst, const void *Src, size_t Bytes,
                      Stream *S = nullptr);
void copyDeviceToHost(int DeviceId, void *Dst, const void *Src, size_t Bytes,
                      Stream *S = nullptr);
void copyDeviceToDevice(int DeviceId, void *Dst, const void *Src, size_t Bytes,
                        Stream *S = nullptr);

/// Page-locked host memory: cuMemHostAlloc on CUDA, 64-byte aligned memory
/// on the CPU device.
void *pinnedMalloc(int DeviceId, size_t Bytes);
void pinnedFree(int DeviceId, void *Ptr) noexcept;

/// The id of the current device (see Device.h); declared here so templates
/// need not include Device.h.
int currentDeviceId();

/// Host memory the device can copy from and to at full speed. Elements are
/// not initialized. Move-only, frees itself.
template <typename T> class PinnedBuffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "PinnedBuffer holds trivially copyable elements");

public:
  PinnedBuffer() = default;
  /// Count elements on device DeviceId (-1: the current device).
  explicit PinnedBuffer(size_t Count, int DeviceId = -1)
      : DeviceId(DeviceId < 0 ? currentDeviceId() : DeviceId), Count(Count) {
    if (Count)
      Ptr = static_cast<T *>(pinnedMalloc(
          this->DeviceId, detail::checkedByteSize(Count, sizeof(T), "a pinned buffer")));
  }
  ~PinnedBuffer() { pinnedFree(DeviceId, Ptr); }

  PinnedBuffer(PinnedBuffer &&O) noexcept
      : DeviceId(O.DeviceId), Count(std::exchange(O.Count, 0)),
        Ptr(std::exchange(O.Ptr, nullptr)) {}
  PinnedBuffer &operator=(PinnedBuffer &&O) noexcept {
    if (this != &O) {
      pinnedFree(DeviceId, Ptr);
      DeviceId = O.DeviceId;
      Count = std::exchange(O.Count, 0);
      Ptr = std::exchange(O.Ptr, nullptr);
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(const PinnedBuffer &) = delete;

  T *data() { return Ptr; }
  const T *data() const { return Ptr; }
  size_t size() const { return Count; }
  bool empty() const { return Count == 0; }
  T &operator[](size_t I) { return Ptr[I]; }
  const T &operator[](size_t I) const { return Ptr[I]; }
  T *begin() { return Ptr; }
  T *end() { return Ptr + Count; }
  const T *begin() const { return Ptr; }
  const T *end() const { return Ptr + Count; }
  int device() const { return DeviceId; }

private:
  int DeviceId = -1;
  size_t Count = 0;
  T *Ptr = nullptr;
};

} // namespace pykc

#endif // PYKC_MEMORY_H
