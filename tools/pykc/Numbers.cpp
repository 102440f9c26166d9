//===- Numbers.cpp --------------------------------------------------------===//
#include "Numbers.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace pykc::driver {

namespace {

/// Python's repr of a float (NumPy's of a float32 for the float overload):
/// the shortest digits that read back the same, laid out in fixed notation
/// when the decimal exponent is in [-4, 16), else as d.ddde+XX.
template <class T> std::string shortestFloatText(T V) {
  char Buf[64];
  auto R = std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::scientific);
  std::string S(Buf, R.ptr);
  if (S == "-nan" || S == "nan")
    return "nan";
  if (S == "inf" || S == "-inf")
    return S;
  bool Negative = S[0] == '-';
  if (Negative)
    S.erase(0, 1);
  size_t E = S.find('e');
  std::string Digits = S.substr(0, E);
  Digits.erase(std::remove(Digits.begin(), Digits.end(), '.'), Digits.end());
  int Exponent = std::stoi(S.substr(E + 1));
  std::string Out;
  if (Exponent >= -4 && Exponent < 16) {
    if (Exponent < 0) {
      Out = "0." + std::string(size_t(-Exponent - 1), '0') + Digits;
    } else if (size_t(Exponent) + 1 >= Digits.size()) {
      Out = Digits + std::string(size_t(Exponent) + 1 - Digits.size(), '0') + ".0";
    } else {
      Out = Digits.substr(0, size_t(Exponent) + 1) + "." + Digits.substr(size_t(Exponent) + 1);
    }
  } else {
    Out = Digits.substr(0, 1);
    if (Digits.size() > 1)
      Out += "." + Digits.substr(1);
    std::string Exp = std::to_string(Exponent < 0 ? -Exponent : Exponent);
    Out += std::string(Exponent < 0 ? "e-" : "e+") + (Exp.size() < 2 ? "0" : "") + Exp;
  }
  return (Negative ? "-" : "") + Out;
}

} // namespace

std::string pythonFloatText(double V) { return shortestFloatText(V); }
std::string pythonFloatText(float V) { return shortestFloatText(V); }

std::string pythonComplexText(double Re, double Im) {
  auto Part = [](double V) {
    std::string S = shortestFloatText(V);
    if (S.size() > 2 && S.compare(S.size() - 2, 2, ".0") == 0)
      S.resize(S.size() - 2);
    return S;
  };
  std::string Imag = Part(Im);
  if (Imag[0] != '-')
    Imag = "+" + Imag; // nan too, whatever its sign bit, as Python
  if (Re == 0 && !std::signbit(Re))
    return (Imag[0] == '+' ? Imag.substr(1) : Imag) + "j";
  return "(" + Part(Re) + Imag + "j)";
}

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
