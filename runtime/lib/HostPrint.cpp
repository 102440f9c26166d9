//===- HostPrint.cpp - print() of floats in @njit code as Python prints ---===//
//
// Numba's CPU target prints through Python: a float as repr() gives it, the
// shortest digits that read back as the same double ("2.5", "0.1",
// "1e-05", "1.5e+300"), where Numba-CUDA's printf gives "%f". Host code's
// print calls pykc_host_float_repr (CpuABI.h) for each float.
//
//===----------------------------------------------------------------------===//
#include "pykc/CpuABI.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

extern "C" __attribute__((visibility("default"))) const char *
pykc_host_float_repr(double Value, char *Buffer) {
  if (std::isnan(Value)) {
    std::strcpy(Buffer, "nan");
    return Buffer;
  }
  if (std::isinf(Value)) {
    std::strcpy(Buffer, Value < 0 ? "-inf" : "inf");
    return Buffer;
  }
  // The fewest significant digits that read back as Value.
  char Scientific[40];
  for (int Precision = 0; Precision <= 16; ++Precision) {
    std::snprintf(Scientific, sizeof Scientific, "%.*e", Precision, Value);
    if (std::strtod(Scientific, nullptr) == Value)
      break;
  }
  // "-d.ddde+XX": the sign, the digits, the exponent of the first digit.
  const char *P = Scientific;
  bool Negative = *P == '-';
  P += Negative;
  std::string Digits;
  for (; *P && *P != 'e'; ++P)
    if (*P != '.')
      Digits += *P;
  int Exponent = std::atoi(P + 1);
  while (Digits.size() > 1 && Digits.back() == '0')
    Digits.pop_back();
  // Python's repr: positional from 1e-4 up to 1e16, else with an exponent
  // of at least two digits.
  std::string Out = Negative ? "-" : "";
  if (Exponent < -4 || Exponent >= 16) {
    Out += Digits.substr(0, 1);
    if (Digits.size() > 1)
      Out += "." + Digits.substr(1);
    char Tail[8];
    std::snprintf(Tail, sizeof Tail, "e%c%02d", Exponent < 0 ? '-' : '+', std::abs(Exponent));
    Out += Tail;
  } else {
    int Point = Exponent + 1; // digits before the decimal point
    if (Point <= 0)
      Out += "0." + std::string(size_t(-Point), '0') + Digits;
    else if (size_t(Point) >= Digits.size())
      Out += Digits + std::string(size_t(Point) - Digits.size(), '0') + ".0";
    else
      Out += Digits.substr(0, size_t(Point)) + "." + Digits.substr(size_t(Point));
  }
  std::memcpy(Buffer, Out.c_str(), Out.size() + 1);
  return Buffer;
}
