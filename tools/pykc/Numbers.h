//===- Numbers.h - Numbers from the command line and from files -*- C++ -*-===//
///
/// \file
/// Every size pykc takes from its input (a --grid, a --shared byte count, a
/// .npy shape) is parsed here: decimal digits only, checked against a bound
/// instead of wrapping, and multiplied with overflow checks.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pykc::driver {

enum class DecimalStatus {
  Ok,
  NotDigits, ///< Empty, or a character other than 0-9 (signs included).
  TooLarge,  ///< Digits, but a value above the bound.
};

/// Parses \p Text, decimal digits only, as a value of at most \p Max. Leading
/// zeros are allowed; any length of digits is handled without overflow.
DecimalStatus parseDecimal(std::string_view Text, uint64_t Max, uint64_t &Value);

/// \p A * \p B, or false when the product does not fit in 64 bits.
inline bool checkedMul(uint64_t A, uint64_t B, uint64_t &Product) {
  return !__builtin_mul_overflow(A, B, &Product);
}

/// \p A + \p B, or false when the sum does not fit in 64 bits.
inline bool checkedAdd(uint64_t A, uint64_t B, uint64_t &Sum) {
  return !__builtin_add_overflow(A, B, &Sum);
}

/// A byte count for messages: "16 GiB", "64 MiB", or the number of bytes.
std::string byteCountText(uint64_t Bytes);

/// \p V as Python prints a float (NumPy a float32 for the float overload):
/// the shortest text that reads back the same, whole numbers with ".0"
/// ("2.5", "6.0", "1e+20", "inf", "nan").
std::string pythonFloatText(double V);
std::string pythonFloatText(float V);

/// \p Re + \p Im j as Python prints a complex: "(2-2j)", "2j" (a real part
/// of +0.0 is left out), "(1e+20+1e-07j)", "(inf+nanj)"; each part as a
/// float but for whole numbers' ".0".
std::string pythonComplexText(double Re, double Im);

/// --fmad's value as nvcc spells it: true or false. False on anything else.
bool parseFmad(const std::string &Text, bool &Fmad);

} // namespace pykc::driver
