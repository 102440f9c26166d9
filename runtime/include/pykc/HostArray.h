//===- pykc/HostArray.h - Host memory seen as an N-d array ------*- C++ -*-===//
//
// The arrays an @njit function compiled by pykc takes from C++: a view of
// memory the caller owns (a std::vector, a std::span, a raw buffer), with
// NumPy's description of it: data pointer, extents, byte strides. Nothing
// is copied; the function reads and writes the caller's elements, as
// Numba's does a NumPy array's. T is const for arrays the function only
// reads (the generated header says which).
//
//   std::vector<float> v = ...;
//   double s = kernels::numba_reduce(v);             // 1-d, from the vector
//   kernels::scale(pykc::HostArray<float, 2>(m.data(), {rows, cols}), 2.0f);
//   kernels::scale(pykc::HostArray<float, 2>::fortran(p, {rows, cols}), 2.0f);
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_HOSTARRAY_H
#define PYKC_HOSTARRAY_H

#include "pykc/Extents.h"

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace pykc {

template <typename T, int N> struct HostArray {
  static_assert(N >= 1 && N <= 32, "HostArray has 1 to 32 dimensions, as NumPy 1.x arrays");
  using Element = std::remove_const_t<T>;

  T *data = nullptr;
  std::array<int64_t, N> shape{};
  std::array<int64_t, N> strides{}; ///< In bytes, as NumPy's.

  HostArray() = default;
  /// A C-order (row-major) array of \p Shape at \p Data.
  HostArray(T *Data, std::array<int64_t, N> Shape) : data(Data), shape(Shape) {
    detail::checkedByteSize(Shape.data(), N, sizeof(T), "a host array");
    int64_t Stride = int64_t(sizeof(T));
    for (int D = N - 1; D >= 0; --D) {
      strides[D] = Stride;
      Stride *= Shape[D];
    }
  }
  /// Any strides (bytes), as NumPy describes a view.
  HostArray(T *Data, std::array<int64_t, N> Shape, std::array<int64_t, N> Strides)
      : data(Data), shape(Shape), strides(Strides) {}
  /// A column-major array of \p Shape at \p Data.
  static HostArray fortran(T *Data, std::array<int64_t, N> Shape) {
    HostArray A;
    A.data = Data;
    A.shape = Shape;
    detail::checkedByteSize(Shape.data(), N, sizeof(T), "a host array");
    int64_t Stride = int64_t(sizeof(T));
    for (int D = 0; D < N; ++D) {
      A.strides[D] = Stride;
      Stride *= Shape[D];
    }
    return A;
  }
  /// 1-d arrays from contiguous containers.
  HostArray(std::span<T> S)
    requires(N == 1)
      : HostArray(S.data(), {int64_t(S.size())}) {}
  HostArray(std::vector<Element> &V)
    requires(N == 1)
      : HostArray(V.data(), {int64_t(V.size())}) {}
  HostArray(const std::vector<Element> &V)
    requires(N == 1 && std::is_const_v<T>)
      : HostArray(V.data(), {int64_t(V.size())}) {}
  /// A writable array is also a read-only one.
  operator HostArray<const Element, N>() const
    requires(!std::is_const_v<T>)
  {
    return {data, shape, strides};
  }
};

} // namespace pykc

#endif // PYKC_HOSTARRAY_H
