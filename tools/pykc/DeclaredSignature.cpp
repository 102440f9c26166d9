//===- DeclaredSignature.cpp ----------------------------------------------===//
#include "DeclaredSignature.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace pykc::driver {

namespace {

uint64_t lowBits(uint64_t V, unsigned Width) {
  return Width >= 64 ? V : V & ((uint64_t(1) << Width) - 1);
}

/// A float's bits of \p Width (16, 32 or 64) from a double, and back.
template <class T> uint64_t bitsOf(T V) {
  uint64_t B = 0;
  std::memcpy(&B, &V, sizeof V);
  return B;
}
template <class T> double valueOf(uint64_t Bits) {
  T V;
  std::memcpy(&V, &Bits, sizeof V); // little-endian: the low bytes
  return double(V);
}

} // namespace

uint64_t convertScalarBits(uint64_t Bits, const ir::ScalarType &From, const ir::ScalarType &To) {
  // The value, as a double when From is a float, else as a 64-bit integer.
  double F = 0;
  uint64_t I = 0;
  if (From.isFloat()) {
    F = From.bitWidth() == 16   ? valueOf<_Float16>(Bits)
        : From.bitWidth() == 32 ? valueOf<float>(Bits)
                                : valueOf<double>(Bits);
  } else {
    unsigned W = From.isBoolean() ? 8 : From.bitWidth();
    I = lowBits(Bits, W);
    if (From.isSigned() && W < 64 && (I >> (W - 1)) & 1)
      I |= ~lowBits(~uint64_t(0), W); // sign-extend
  }

  if (To.isBoolean())
    return From.isFloat() ? F != 0 : I != 0;
  if (To.isFloat()) {
    double D = From.isFloat() ? F : From.isSigned() ? double(int64_t(I)) : double(I);
    return To.bitWidth() == 16   ? bitsOf(_Float16(D))
           : To.bitWidth() == 32 ? bitsOf(float(D))
                                 : bitsOf(D);
  }
  // An integer: floats truncate (saturating, NaN to 0), integers wrap.
  if (From.isFloat()) {
    double T = std::trunc(F);
    if (std::isnan(T))
      I = 0;
    else if (To.isSigned())
      I = uint64_t(T <= -0x1p63 ? std::numeric_limits<int64_t>::min()
                   : T >= 0x1p63 ? std::numeric_limits<int64_t>::max()
                                 : int64_t(T));
    else
      I = T <= 0 ? 0 : T >= 0x1p64 ? std::numeric_limits<uint64_t>::max() : uint64_t(T);
  }
  return lowBits(I, To.bitWidth());
}

} // namespace pykc::driver
