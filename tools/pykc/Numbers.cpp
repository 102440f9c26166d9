//===- Numbers.cpp --------------------------------------------------------===//
#include "Numbers.h"

#include <charconv>

namespace pykc::driver {

namespace {

template <class T> std::string shortestFloatText(T V) {
  char Buf[64];
  auto R = std::to_chars(Buf, Buf + sizeof Buf, V);
  std::string S(Buf, R.ptr);
  if (S == "-nan")
    return "nan";
  if (S != "inf" && S != "-inf" && S != "nan" && S.find_first_of(".e") == std::string::npos)
    S += ".0";
  return S;
}

} // namespace

std::string pythonFloatText(double V) { return shortestFloatText(V); }
std::string pythonFloatText(float V) { return shortestFloatText(V); }

DecimalStatus parseDecimal(std::string_view Text, uint64_t Max, uint64_t &Value) {
  if (Text.empty())
    return DecimalStatus::NotDigits;
  uint64_t V = 0;
  bool Overflow = false;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return DecimalStatus::NotDigits;
    // Keep scanning after an overflow so "12x" with many digits is still
    // reported as not a number.
    if (!Overflow && (!checkedMul(V, 10, V) || !checkedAdd(V, uint64_t(C - '0'), V)))
      Overflow = true;
  }
  if (Overflow || V > Max)
    return DecimalStatus::TooLarge;
  Value = V;
  return DecimalStatus::Ok;
}

std::string byteCountText(uint64_t Bytes) {
  static const char *Units[] = {"KiB", "MiB", "GiB", "TiB"};
  std::string Unit;
  uint64_t N = Bytes;
  for (const char *U : Units) {
    if (N == 0 || N % 1024 != 0)
      break;
    N /= 1024;
    Unit = U;
  }
  return Unit.empty() ? std::to_string(Bytes) + " bytes" : std::to_string(N) + " " + Unit;
}

bool parseFmad(const std::string &Text, bool &Fmad) {
  if (Text != "true" && Text != "false")
    return false;
  Fmad = Text == "true";
  return true;
}

} // namespace pykc::driver
