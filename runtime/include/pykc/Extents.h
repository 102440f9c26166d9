//===- pykc/Extents.h - Checked sizes of N-d shapes -------------*- C++ -*-===//
//
// Every array the runtime allocates or describes computes its byte size and
// byte strides from its extents. Unchecked, `device_array<float>(1 << 62)`
// wraps to a tiny size and a launch then writes far past the buffer; these
// checks make any shape whose element count or byte size does not fit an
// int64 an Error that names the shape, before anything is allocated.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_EXTENTS_H
#define PYKC_EXTENTS_H

#include "pykc/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace pykc::detail {

/// "(2305843009213693953, 8)": a shape as NumPy prints it.
inline std::string shapeString(const int64_t *Extents, int N) {
  std::string S = "(";
  for (int I = 0; I < N; ++I)
    S += (I ? ", " : "") + std::to_string(Extents[I]);
  return S + (N == 1 ? ",)" : ")");
}

/// The byte size of a contiguous array of \p N \p Extents of \p ElementBytes
/// each, checked: a negative extent, or a product of the extents (a zero
/// extent counts as 1, as NumPy's check does, so that every byte stride
/// fits too) times the element size beyond INT64_MAX, throws
/// Error(InvalidValue) naming \p What and the shape.
inline int64_t checkedByteSize(const int64_t *Extents, int N, size_t ElementBytes,
                               const char *What) {
  int64_t Bytes = int64_t(ElementBytes), Elements = 1;
  for (int I = 0; I < N; ++I) {
    if (Extents[I] < 0)
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + " of shape " + shapeString(Extents, N) + ": extent " +
                      std::to_string(Extents[I]) + " of dimension " + std::to_string(I) +
                      " is negative");
    int64_t Factor = Extents[I] > 0 ? Extents[I] : 1;
    if (__builtin_mul_overflow(Bytes, Factor, &Bytes) ||
        __builtin_mul_overflow(Elements, Extents[I], &Elements))
      throw Error(ErrorCode::InvalidValue,
                  std::string(What) + " of shape " + shapeString(Extents, N) + " with " +
                      std::to_string(ElementBytes) +
                      "-byte elements would need more than 2^63 - 1 bytes (the "
                      "extents' product overflows); no memory holds it: check the extents");
  }
  return Elements == 0 ? 0 : Bytes;
}

/// \p Count elements of \p ElementBytes each, checked as above.
inline size_t checkedByteSize(size_t Count, size_t ElementBytes, const char *What) {
  size_t Bytes;
  if (__builtin_mul_overflow(Count, ElementBytes, &Bytes) || Bytes > size_t(INT64_MAX))
    throw Error(ErrorCode::InvalidValue,
                std::string(What) + " of " + std::to_string(Count) + " elements of " +
                    std::to_string(ElementBytes) +
                    " bytes would need more than 2^63 - 1 bytes; check the count");
  return Bytes;
}

} // namespace pykc::detail

#endif // PYKC_EXTENTS_H
