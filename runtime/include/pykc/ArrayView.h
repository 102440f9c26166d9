//===- pykc/ArrayView.h - Arrays in memory someone else owns ----*- C++ -*-===//
//
// ArrayView<T, N> is an N-d array of a Numba dtype that pykc does not own:
// a device pointer, extents and byte strides (NumPy's convention, as
// Numba's __cuda_array_interface__), on one device. Every generated launch
// takes ArrayViews, so a kernel runs on memory from cudaMalloc, Thrust,
// PyTorch, CuPy or RAPIDS as it does on a pykc::DeviceArray (which is an
// ArrayView that owns its memory). On the CPU device, device memory is host
// memory: a view of a std::vector or a std::span is a kernel argument, and
// where the standard library has C++23's <mdspan>, of a std::mdspan too.
//
// Its fields are stored exactly as the kernel ABI's pykc_array_N (data
// pointer, extents, byte strides; see KernelABI.h), so a launch hands their
// addresses to the kernel. A view is only as valid as the memory it views:
// the owner must keep it alive until the kernels using it have finished.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_ARRAYVIEW_H
#define PYKC_ARRAYVIEW_H

#include "pykc/Error.h"
#include "pykc/Extents.h"
#include "pykc/KernelABI.h"
#include "pykc/Memory.h"

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>
#include <version>
#if defined(__cpp_lib_mdspan)
#include <mdspan>
#endif

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

/// Memory order of an array: C (row-major) or F (column-major); Strided
/// for a view (ArrayView) of memory laid out as neither, such as every
/// other column of a matrix. Arrays pykc allocates are C or F.
enum class Order { C, F, Strided };

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

template <DType T, int N> class ArrayView {
  static_assert(N >= 1 && N <= 32, "arrays have 1 to 32 dimensions, as NumPy 1.x arrays");

public:
  using value_type = T;
  using Shape = std::array<int64_t, N>;
  using AbiType = typename detail::AbiArray<N>::Type;
  static constexpr int NDim = N;

  /// An empty view: no device, no data, size 0.
  ArrayView() noexcept { Abi = AbiType{}; }

  /// A view of Data on device DeviceId (-1: the current device) with the
  /// given extents and byte strides (NumPy's; they may be negative or zero,
  /// as NumPy's and Numba's may). Throws Error(InvalidValue) for a negative
  /// extent, a size that overflows, a stride that is not a multiple of the
  /// element's alignment, or null Data with elements.
  ArrayView(T *Data, const Shape &Extents, const Shape &ByteStrides, int DeviceId = -1)
      : ArrayView(Layout{}, Extents, ByteStrides, DeviceId) {
    if (!Data && size() > 0)
      throw Error(ErrorCode::InvalidValue, "ArrayView: a null pointer for " +
                                               std::to_string(size()) + " elements");
    Abi.data = Data;
  }
  /// A contiguous view of Data in order O (C: row-major, F: column-major).
  ArrayView(T *Data, const Shape &Extents, Order O = Order::C, int DeviceId = -1)
      : ArrayView(Data, Extents, contiguousStrides(Extents, O), DeviceId) {}
  /// A 1-d view of host memory (on the CPU device, whose memory it is).
  ArrayView(std::span<T> Host, int DeviceId = -1)
    requires(N == 1)
      : ArrayView(Host.data(), Shape{int64_t(Host.size())}, Order::C, DeviceId) {}

#if defined(__cpp_lib_mdspan)
  /// A view of a std::mdspan's elements (C++23, where the standard library
  /// has <mdspan>; libstdc++ 12 does not, libc++ 17 and later do), of any
  /// strided layout: layout_right is C order, layout_left F order,
  /// layout_stride its own strides, which mdspan counts in elements.
  template <typename E, typename L>
    requires(E::rank() == size_t(N) && L::template mapping<E>::is_always_strided())
  ArrayView(std::mdspan<T, E, L, std::default_accessor<T>> M, int DeviceId = -1)
      : ArrayView(M.data_handle(), mdspanExtents(M), mdspanStrides(M), DeviceId) {}

  /// These elements as a std::mdspan (layout_stride, strides in elements).
  /// Throws Error(InvalidValue) for a stride mdspan cannot hold: a
  /// negative or zero one (NumPy's reversed and broadcast arrays), or one
  /// that is not a whole number of elements (a field of a record array).
  std::mdspan<T, std::dextents<int64_t, N>, std::layout_stride> to_mdspan() const {
    std::array<int64_t, N> Extents, Strides;
    for (int I = 0; I < N; ++I) {
      int64_t Bytes = Abi.strides[I];
      if (Bytes <= 0 || Bytes % int64_t(sizeof(T)) != 0)
        throw Error(ErrorCode::InvalidValue,
                    "to_mdspan: stride " + std::to_string(Bytes) + " of dimension " +
                        std::to_string(I) + " is not a positive multiple of the element (" +
                        std::to_string(sizeof(T)) + " bytes), which std::mdspan needs");
      Extents[I] = Abi.shape[I];
      Strides[I] = Bytes / int64_t(sizeof(T));
    }
    using Mapping = std::layout_stride::mapping<std::dextents<int64_t, N>>;
    return {data(), Mapping(std::dextents<int64_t, N>(Extents), Strides)};
  }
#endif

  Shape shape() const { return toShape(Abi.shape); }
  int64_t shape(int I) const { return Abi.shape[I]; }
  /// Byte strides, NumPy's convention.
  Shape strides() const { return toShape(Abi.strides); }
  int64_t stride(int I) const { return Abi.strides[I]; }
  int64_t size() const {
    int64_t S = 1; // An empty view has extents 0.
    for (int I = 0; I < N; ++I)
      S *= Abi.shape[I];
    return S;
  }
  size_t nbytes() const { return size_t(size()) * sizeof(T); }
  bool empty() const { return size() == 0; }
  /// The address of element 0 (null when empty).
  T *data() const { return static_cast<T *>(Abi.data); }
  /// The device the memory is on (-1 for an empty view).
  int device() const { return DeviceId; }
  /// The fields a kernel receives for this array (KernelABI.h).
  const AbiType &abi() const { return Abi; }
  /// Whether the elements lie in C (row-major) or F order without gaps
  /// (NumPy's flags: extents of 1 do not count, nor do arrays of at most
  /// one element).
  bool is_contiguous(Order O) const {
    if (size() <= 1)
      return true;
    int64_t Step = sizeof(T);
    for (int K = 0; K < N; ++K) {
      int I = O == Order::C ? N - 1 - K : K;
      if (Abi.shape[I] != 1 && Abi.strides[I] != Step)
        return false;
      Step *= Abi.shape[I];
    }
    return true;
  }
  /// C, F (C when both), or Strided.
  Order order() const {
    return is_contiguous(Order::C) ? Order::C : is_contiguous(Order::F) ? Order::F : Order::Strided;
  }

  /// Copies size() elements, in this view's order (C or F), from host memory.
  void copy_to_device(std::span<const T> Src, Stream *S = nullptr) const {
    checkCopy(Src.size(), "copy_to_device");
    if (size_t Bytes = nbytes())
      copyHostToDevice(DeviceId, Abi.data, Src.data(), Bytes, S);
  }
  /// Copies size() elements, in this view's order (C or F), to host memory.
  void copy_to_host(std::span<T> Dst, Stream *S = nullptr) const {
    checkCopy(Dst.size(), "copy_to_host");
    if (size_t Bytes = nbytes())
      copyDeviceToHost(DeviceId, Dst.data(), Abi.data, Bytes, S);
  }

protected:
  /// The extents and strides, checked, and no data yet (DeviceArray
  /// allocates it).
  struct Layout {};
  ArrayView(Layout, const Shape &Extents, const Shape &ByteStrides, int DeviceId,
            const char *What = "an array view")
      : DeviceId(DeviceId < 0 ? currentDeviceId() : DeviceId) {
    Abi = AbiType{};
    detail::checkedByteSize(Extents.data(), N, sizeof(T), What);
    for (int I = 0; I < N; ++I) {
      if (ByteStrides[I] % int64_t(alignof(T)) != 0)
        throw Error(ErrorCode::InvalidValue,
                    "ArrayView: stride " + std::to_string(ByteStrides[I]) + " of dimension " +
                        std::to_string(I) + " is not a multiple of the element's alignment (" +
                        std::to_string(alignof(T)) + " bytes); strides are in bytes, as NumPy's");
      Abi.shape[I] = Extents[I];
      Abi.strides[I] = ByteStrides[I];
    }
  }

#if defined(__cpp_lib_mdspan)
  template <typename M> static Shape mdspanExtents(const M &Span) {
    Shape R;
    for (int I = 0; I < N; ++I)
      R[I] = int64_t(Span.extent(size_t(I)));
    return R;
  }
  /// mdspan's strides are in elements; a view's are in bytes.
  template <typename M> static Shape mdspanStrides(const M &Span) {
    Shape R;
    for (int I = 0; I < N; ++I)
      R[I] = int64_t(Span.stride(size_t(I))) * int64_t(sizeof(T));
    return R;
  }
#endif

  static Shape toShape(const int64_t (&A)[N]) {
    Shape R;
    for (int I = 0; I < N; ++I)
      R[I] = A[I];
    return R;
  }
  /// The strides of a contiguous array in order O; the extents are checked
  /// first (as \p What), so that every stride fits.
  static Shape contiguousStrides(const Shape &Extents, Order O, const char *What = "an array view") {
    detail::checkedByteSize(Extents.data(), N, sizeof(T), What);
    if (O == Order::Strided)
      throw Error(ErrorCode::InvalidValue,
                  "ArrayView: Order::Strided needs its strides; pass them instead of an order");
    Shape Strides{};
    int64_t Step = sizeof(T);
    for (int K = 0; K < N; ++K) {
      int I = O == Order::C ? N - 1 - K : K;
      Strides[I] = Step;
      Step *= Extents[I] > 0 ? Extents[I] : 1;
    }
    return Strides;
  }
  /// A copy between host memory and a view: as many elements on both
  /// sides, and a contiguous view (a strided one is not one block).
  void checkCopy(size_t HostSize, const char *What) const {
    if (HostSize != size_t(size()))
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + ": host buffer has " + std::to_string(HostSize) +
                      " elements but the array " + std::to_string(size()));
    if (order() == Order::Strided)
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + ": the array view is strided (neither C nor F order); "
                                      "copy a contiguous array instead");
  }

  int DeviceId = -1;
  AbiType Abi;
};

/// An ArrayView<T, N> or a class derived from one (a DeviceArray): what a
/// function taking device memory accepts as a template, so that a
/// std::span, which converts to a view, still picks a host overload.
template <typename A, typename T, int N>
concept ArrayViewOf = std::derived_from<A, ArrayView<T, N>>;

/// A view of a C-order host or device buffer: view(ptr, rows, cols).
template <DType T, std::integral... Ext>
  requires(sizeof...(Ext) >= 1 && sizeof...(Ext) <= 32)
ArrayView<T, sizeof...(Ext)> view(T *Data, Ext... Extents) {
  return ArrayView<T, sizeof...(Ext)>(Data, {int64_t(Extents)...});
}

/// A 1-d view of a host vector's elements (for the CPU device).
template <DType T> ArrayView<T, 1> view(std::vector<T> &V) {
  return ArrayView<T, 1>(std::span<T>(V));
}

#if defined(__cpp_lib_mdspan)
/// A view of a std::mdspan's elements: view(std::mdspan(ptr, rows, cols)).
template <DType T, typename E, typename L>
  requires(E::rank() >= 1 && E::rank() <= 32)
ArrayView<T, int(E::rank())> view(std::mdspan<T, E, L, std::default_accessor<T>> M,
                                  int DeviceId = -1) {
  return ArrayView<T, int(E::rank())>(M, DeviceId);
}
#endif

} // namespace pykc

#endif // PYKC_ARRAYVIEW_H
