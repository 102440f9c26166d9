//===- pykc/DeviceArray.h - Typed N-d arrays in device memory ---*- C++ -*-===//
//
// DeviceArray<T, N> owns a contiguous N-d array (N = 1..32) of a Numba
// dtype on one device, in C (row-major, default) or F (column-major) order.
// It is an ArrayView (pykc/ArrayView.h) that owns its memory: its fields are
// stored exactly as the kernel ABI's pykc_array_N, and every launch takes it.
//
// Host copies move raw bytes in the array's own order: an F-order array
// copies to and from F-order host buffers, as in Numba.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DEVICEARRAY_H
#define PYKC_DEVICEARRAY_H

#include "pykc/ArrayView.h"

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pykc {

/// An array pykc allocated and owns: an ArrayView (so every launch takes
/// it) that frees its memory when it goes away.
template <DType T, int N> class DeviceArray : public ArrayView<T, N> {
  using View = ArrayView<T, N>;
  using View::Abi;
  using View::DeviceId;

public:
  using typename View::AbiType;
  using typename View::Shape;

  /// An empty array: no device, no data, size 0.
  DeviceArray() noexcept = default;

  /// An uninitialized array of the given extents on device DeviceId (-1: the
  /// current device).
  explicit DeviceArray(const Shape &Extents, Order O = Order::C, int DeviceId = -1)
      : View(typename View::Layout{}, Extents, View::contiguousStrides(Extents, O, "a device array"), DeviceId,
             "a device array"),
        Ord(O) {
    // The view's constructor checked the extents before anything is
    // allocated; every stride fits.
    if (size_t Bytes = this->nbytes())
      Abi.data = deviceMalloc(this->DeviceId, Bytes);
  }

  ~DeviceArray() { deviceFree(DeviceId, Abi.data); }

  /// Moving transfers ownership; the moved-from array is empty. Addresses
  /// taken by appendKernelArgs refer to the old object and become invalid.
  DeviceArray(DeviceArray &&O) noexcept : View(O), Ord(O.Ord) { O.reset(); }
  DeviceArray &operator=(DeviceArray &&O) noexcept {
    if (this != &O) {
      deviceFree(DeviceId, Abi.data);
      View::operator=(O);
      Ord = O.Ord;
      O.reset();
    }
    return *this;
  }
  /// Not copyable: a device copy must be explicit, with copy().
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;

  /// The order it was allocated in.
  Order order() const { return Ord; }
  /// A view of this array (valid while the array lives).
  const View &view() const { return *this; }

  /// Appends the addresses of this array's flattened kernel parameters
  /// (&data, &shape[0..N-1], &strides[0..N-1]) to a kernelParams vector.
  /// The addresses point into this object: keep it alive and unmoved until
  /// the launch has been issued.
  void appendKernelArgs(std::vector<void *> &Args) {
    Args.push_back(&Abi.data);
    for (int I = 0; I < N; ++I)
      Args.push_back(&Abi.shape[I]);
    for (int I = 0; I < N; ++I)
      Args.push_back(&Abi.strides[I]);
  }

  /// A new array of the same shape, order and device holding a copy of this
  /// one's elements.
  DeviceArray copy(Stream *S = nullptr) const {
    DeviceArray R(this->shape(), Ord, DeviceId);
    if (size_t Bytes = this->nbytes())
      copyDeviceToDevice(DeviceId, R.Abi.data, Abi.data, Bytes, S);
    return R;
  }

  using View::copy_to_device;
  using View::copy_to_host;
  /// Copies size() elements, in this array's order, from host memory.
  void copy_to_device(const T *Src, Stream *S = nullptr) {
    if (size_t Bytes = this->nbytes())
      copyHostToDevice(DeviceId, Abi.data, Src, Bytes, S);
  }
  void copy_to_device(const std::vector<T> &Src, Stream *S = nullptr) {
    this->checkCopy(Src.size(), "copy_to_device");
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> Bytes(Src.begin(), Src.end());
      copy_to_device(reinterpret_cast<const bool *>(Bytes.data()), S);
    } else {
      copy_to_device(Src.data(), S);
    }
  }

  /// Copies size() elements, in this array's order, to host memory.
  void copy_to_host(T *Dst, Stream *S = nullptr) const {
    if (size_t Bytes = this->nbytes())
      copyDeviceToHost(DeviceId, Dst, Abi.data, Bytes, S);
  }
  /// Resizes Dst to size() and copies into it (synchronously).
  void copy_to_host(std::vector<T> &Dst) const {
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> Bytes(static_cast<size_t>(this->size()));
      copy_to_host(reinterpret_cast<bool *>(Bytes.data()));
      Dst.assign(Bytes.begin(), Bytes.end());
    } else {
      Dst.resize(size_t(this->size()));
      copy_to_host(Dst.data());
    }
  }
  std::vector<T> copy_to_host() const {
    std::vector<T> R;
    copy_to_host(R);
    return R;
  }

private:
  void reset() noexcept {
    DeviceId = -1;
    Ord = Order::C;
    Abi = AbiType{};
  }

  Order Ord = Order::C;
};

/// device_array<float>(n), device_array<int32_t>(rows, cols), ...: an
/// uninitialized C-order array on the current device.
template <DType T, std::integral... Ext>
  requires(sizeof...(Ext) >= 1 && sizeof...(Ext) <= 32)
DeviceArray<T, sizeof...(Ext)> device_array(Ext... Extents) {
  return DeviceArray<T, sizeof...(Ext)>({int64_t(Extents)...});
}

/// An uninitialized array with explicit shape and order.
template <DType T, size_t N>
DeviceArray<T, int(N)> device_array(const std::array<int64_t, N> &Extents,
                                    Order O = Order::C) {
  return DeviceArray<T, int(N)>(Extents, O);
}

/// An uninitialized array with A's shape, order and device.
template <DType T, int N>
DeviceArray<T, N> device_array_like(const DeviceArray<T, N> &A) {
  return DeviceArray<T, N>(A.shape(), A.order(), A.device());
}

/// A 1-d array on the current device holding a copy of V.
template <DType T>
DeviceArray<T, 1> to_device(const std::vector<T> &V, Stream *S = nullptr) {
  DeviceArray<T, 1> A({int64_t(V.size())});
  A.copy_to_device(V, S);
  return A;
}

/// An array of the given extents holding a copy of the C-order host data at
/// Host: to_device(Ptr, rows, cols).
template <DType T, std::integral... Ext>
  requires(sizeof...(Ext) >= 1 && sizeof...(Ext) <= 32)
DeviceArray<T, sizeof...(Ext)> to_device(const T *Host, Ext... Extents) {
  DeviceArray<T, sizeof...(Ext)> A({int64_t(Extents)...});
  A.copy_to_device(Host);
  return A;
}

/// An array of the given shape and order holding a copy of host data laid
/// out in that order.
template <DType T, size_t N>
DeviceArray<T, int(N)> to_device(const T *Host,
                                 const std::array<int64_t, N> &Extents,
                                 Order O = Order::C, Stream *S = nullptr) {
  DeviceArray<T, int(N)> A(Extents, O);
  A.copy_to_device(Host, S);
  return A;
}

} // namespace pykc

#endif // PYKC_DEVICEARRAY_H
