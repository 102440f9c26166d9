//===- pykc/DeviceArray.h - Typed N-d arrays in device memory ---*- C++ -*-===//
//
// DeviceArray<T, N> owns a contiguous N-d array (N = 1..3) of a Numba scalar
// dtype on one device, in C (row-major, default) or F (column-major) order.
// Its fields are stored exactly as the kernel ABI's pykc_array_N (data
// pointer, extents, byte strides; see KernelABI.h), so appendKernelArgs can
// hand their addresses to a launch.
//
// Host copies move raw bytes in the array's own order: an F-order array
// copies to and from F-order host buffers, as in Numba.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DEVICEARRAY_H
#define PYKC_DEVICEARRAY_H

#include "pykc/Error.h"
#include "pykc/Extents.h"
#include "pykc/KernelABI.h"
#include "pykc/Memory.h"

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pykc {

namespace detail {
/// True for std::complex<float> and <double> once pykc/Complex.h is
/// included (generated headers include it for kernels that take complex
/// numbers), so that other programs do not get <complex> and <cmath>.
template <typename T> struct IsComplexDType : std::false_type {};
} // namespace detail

/// A record dtype (a NumPy structured dtype): the struct a generated header
/// declares for it (or pykc::random::xoroshiro128p_state), laid out at
/// NumPy's offsets and marked by a static member `pykc_record_dtype`.
template <typename T>
concept RecordDType = requires { T::pykc_record_dtype; } && std::is_trivially_copyable_v<T> &&
                      std::is_standard_layout_v<T>;

/// The element types a kernel array can hold: Numba's bool (one byte),
/// int8..uint64, float32, float64, and with pykc/Complex.h complex64
/// (std::complex<float>) and complex128 (std::complex<double>), which NumPy
/// lays out as C++ does.
template <typename T>
concept DType = std::same_as<T, bool> || std::same_as<T, int8_t> ||
                std::same_as<T, uint8_t> || std::same_as<T, int16_t> ||
                std::same_as<T, uint16_t> || std::same_as<T, int32_t> ||
                std::same_as<T, uint32_t> || std::same_as<T, int64_t> ||
                std::same_as<T, uint64_t> || std::same_as<T, float> ||
                std::same_as<T, double> || detail::IsComplexDType<T>::value ||
                RecordDType<T>;

static_assert(sizeof(bool) == 1, "the kernel ABI passes bool as one byte");

/// Memory order of a contiguous array.
enum class Order { C, F };

namespace detail {
/// The kernel ABI's array of N dimensions: pykc_array_1 to _3 by their C
/// names, and the same layout (data, shape[N], strides[N]) beyond, as
/// Numba arrays have any number of dimensions.
template <int N> struct AbiArray {
  struct Type {
    void *data;
    int64_t shape[N];
    int64_t strides[N];
  };
};
template <> struct AbiArray<1> {
  using Type = pykc_array_1;
};
template <> struct AbiArray<2> {
  using Type = pykc_array_2;
};
template <> struct AbiArray<3> {
  using Type = pykc_array_3;
};
} // namespace detail

template <DType T, int N> class DeviceArray {
  static_assert(N >= 1 && N <= 32, "DeviceArray has 1 to 32 dimensions, as NumPy 1.x arrays");

public:
  using value_type = T;
  using Shape = std::array<int64_t, N>;
  using AbiType = typename detail::AbiArray<N>::Type;
  static constexpr int NDim = N;

  /// An empty array: no device, no data, size 0.
  DeviceArray() noexcept { Abi = AbiType{}; }

  /// An uninitialized array of the given extents on device DeviceId (-1: the
  /// current device).
  explicit DeviceArray(const Shape &Extents, Order O = Order::C,
                       int DeviceId = -1)
      : DeviceId(DeviceId < 0 ? currentDeviceId() : DeviceId), Ord(O) {
    Abi = AbiType{};
    // Throws before anything is allocated; every stride below fits.
    detail::checkedByteSize(Extents.data(), N, sizeof(T), "a device array");
    int64_t Step = sizeof(T);
    for (int I = 0; I < N; ++I)
      Abi.shape[I] = Extents[I];
    for (int K = 0; K < N; ++K) {
      int I = O == Order::C ? N - 1 - K : K;
      Abi.strides[I] = Step;
      Step *= Extents[I] > 0 ? Extents[I] : 1;
    }
    if (size_t Bytes = nbytes())
      Abi.data = deviceMalloc(this->DeviceId, Bytes);
  }

  ~DeviceArray() { deviceFree(DeviceId, Abi.data); }

  /// Moving transfers ownership; the moved-from array is empty. Addresses
  /// taken by appendKernelArgs refer to the old object and become invalid.
  DeviceArray(DeviceArray &&O) noexcept
      : DeviceId(O.DeviceId), Ord(O.Ord), Abi(O.Abi) {
    O.reset();
  }
  DeviceArray &operator=(DeviceArray &&O) noexcept {
    if (this != &O) {
      deviceFree(DeviceId, Abi.data);
      DeviceId = O.DeviceId;
      Ord = O.Ord;
      Abi = O.Abi;
      O.reset();
    }
    return *this;
  }
  /// Not copyable: a device copy must be explicit, with copy().
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;

  Shape shape() const { return toShape(Abi.shape); }
  int64_t shape(int I) const { return Abi.shape[I]; }
  /// Byte strides, NumPy's convention.
  Shape strides() const { return toShape(Abi.strides); }
  int64_t stride(int I) const { return Abi.strides[I]; }
  int64_t size() const {
    int64_t S = 1; // A default or moved-from array has extents 0.
    for (int I = 0; I < N; ++I)
      S *= Abi.shape[I];
    return S;
  }
  size_t nbytes() const { return size_t(size()) * sizeof(T); }
  bool empty() const { return size() == 0; }
  Order order() const { return Ord; }
  /// The device address of element 0 (null when empty).
  T *data() const { return static_cast<T *>(Abi.data); }
  /// The owning device's id (-1 for a default-constructed array).
  int device() const { return DeviceId; }
  /// The fields a kernel receives for this array (KernelABI.h).
  const AbiType &abi() const { return Abi; }

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
    DeviceArray R(shape(), Ord, DeviceId);
    if (size_t Bytes = nbytes())
      copyDeviceToDevice(DeviceId, R.Abi.data, Abi.data, Bytes, S);
    return R;
  }

  /// Copies size() elements, in this array's order, from host memory.
  void copy_to_device(const T *Src, Stream *S = nullptr) {
    if (size_t Bytes = nbytes())
      copyHostToDevice(DeviceId, Abi.data, Src, Bytes, S);
  }
  void copy_to_device(const std::vector<T> &Src, Stream *S = nullptr) {
    checkHostSize(Src.size(), "copy_to_device");
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> Bytes(Src.begin(), Src.end());
      copy_to_device(reinterpret_cast<const bool *>(Bytes.data()), S);
    } else {
      copy_to_device(Src.data(), S);
    }
  }

  /// Copies size() elements, in this array's order, to host memory.
  void copy_to_host(T *Dst, Stream *S = nullptr) const {
    if (size_t Bytes = nbytes())
      copyDeviceToHost(DeviceId, Dst, Abi.data, Bytes, S);
  }
  /// Resizes Dst to size() and copies into it (synchronously).
  void copy_to_host(std::vector<T> &Dst) const {
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<uint8_t> Bytes(static_cast<size_t>(size()));
      copy_to_host(reinterpret_cast<bool *>(Bytes.data()));
      Dst.assign(Bytes.begin(), Bytes.end());
    } else {
      Dst.resize(size_t(size()));
      copy_to_host(Dst.data());
    }
  }
  std::vector<T> copy_to_host() const {
    std::vector<T> R;
    copy_to_host(R);
    return R;
  }

private:
  static Shape toShape(const int64_t (&A)[N]) {
    Shape R;
    for (int I = 0; I < N; ++I)
      R[I] = A[I];
    return R;
  }
  void reset() noexcept {
    DeviceId = -1;
    Ord = Order::C;
    Abi = AbiType{};
  }
  void checkHostSize(size_t HostSize, const char *What) const {
    if (HostSize != size_t(size()))
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + ": host buffer has " +
                      std::to_string(HostSize) + " elements but the array " +
                      std::to_string(size()));
  }

  int DeviceId = -1;
  Order Ord = Order::C;
  AbiType Abi;
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
