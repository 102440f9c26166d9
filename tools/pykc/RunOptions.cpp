//===- RunOptions.cpp -----------------------------------------------------===//
#include "RunOptions.h"

#include "SharedOptions.h"

#include "Numbers.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace pykc::driver {

namespace {

/// A --grid or --block value: N, N,N or N,N,N with 1 <= N <= 2^32-1.
std::optional<Dim3> parseDim3(const std::string &Name, const std::string &Text,
                              std::string &Error) {
  std::vector<uint32_t> Parts;
  size_t Start = 0;
  while (true) {
    size_t Comma = Text.find(',', Start);
    std::string_view Item = std::string_view(Text).substr(
        Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    uint64_t V = 0;
    DecimalStatus Status = parseDecimal(Item, UINT32_MAX, V);
    if (Status == DecimalStatus::TooLarge) {
      Error = "invalid " + Name + " '" + Text + "' (each dimension is at most " +
              std::to_string(UINT32_MAX) + ")";
      return std::nullopt;
    }
    if (Status != DecimalStatus::Ok || V == 0 || Parts.size() == 3)
      break;
    Parts.push_back(uint32_t(V));
    if (Comma == std::string::npos) {
      Dim3 D;
      D.x = Parts[0];
      D.y = Parts.size() > 1 ? Parts[1] : 1;
      D.z = Parts.size() > 2 ? Parts[2] : 1;
      return D;
    }
    Start = Comma + 1;
  }
  Error = "invalid " + Name + " '" + Text + "' (expected N, N,N or N,N,N with positive N)";
  return std::nullopt;
}

template <typename T> std::string shortest(T V) {
  char Buffer[32];
  auto R = std::to_chars(Buffer, Buffer + sizeof Buffer, V);
  return std::string(Buffer, R.ptr);
}

bool parseFloat(const std::string &Type, const std::string &Value, uint64_t &Bits,
                std::string &Error) {
  char *End = nullptr;
  errno = 0;
  double D = Value.empty() || std::isspace(static_cast<unsigned char>(Value[0]))
                 ? 0
                 : std::strtod(Value.c_str(), &End);
  if (!End || *End) {
    Error = "'" + Value + "' is not a number";
    return false;
  }
  // strtod gives HUGE_VAL and ERANGE for a finite text beyond float64; a
  // float64 beyond float32 becomes infinity when narrowed once it reaches
  // FLT_MAX plus half a unit in the last place.
  bool Float32 = Type == "float32", Float16 = Type == "float16";
  // float16 rounds to infinity from 65504 plus half a unit (65520).
  bool Overflow = (std::isinf(D) && errno == ERANGE) ||
                  (Float32 && std::isfinite(D) && std::fabs(D) >= 0x1.ffffffp+127) ||
                  (Float16 && std::isfinite(D) && std::fabs(D) >= 65520.0);
  if (Overflow) {
    Error = Value + " does not fit in " + Type + " (its largest finite value is " +
            (Float16   ? std::string("65504.0")
             : Float32 ? shortest(std::numeric_limits<float>::max())
                       : shortest(std::numeric_limits<double>::max())) +
            ")";
    return false;
  }
  if (Float16) {
    _Float16 H = _Float16(D);
    uint16_t B16;
    std::memcpy(&B16, &H, sizeof H);
    Bits = B16;
  } else if (Float32) {
    float F = float(D);
    std::memcpy(&Bits, &F, sizeof F);
  } else {
    std::memcpy(&Bits, &D, sizeof D);
  }
  return true;
}

bool isInteger(const std::string &S) {
  size_t I = (!S.empty() && (S[0] == '-' || S[0] == '+')) ? 1 : 0;
  return I < S.size() && S.find_first_not_of("0123456789", I) == std::string::npos;
}

bool parseInteger(const std::string &Type, const std::string &Value, uint64_t &Bits,
                  std::string &Error) {
  struct IntType {
    const char *Name;
    bool Signed;
    unsigned Bits;
  };
  static const IntType Ints[] = {{"bool", false, 1},    {"int8", true, 8},    {"int16", true, 16},
                                 {"int32", true, 32},   {"int64", true, 64},  {"uint8", false, 8},
                                 {"uint16", false, 16}, {"uint32", false, 32}, {"uint64", false, 64}};
  const IntType *T = std::find_if(std::begin(Ints), std::end(Ints),
                                  [&](const IntType &I) { return Type == I.Name; });
  if (T == std::end(Ints)) {
    Error = "unknown scalar type '" + Type +
            "' (bool, int8..int64, uint8..uint64, float16, float32, float64, complex64, complex128)";
    return false;
  }
  if (!isInteger(Value)) {
    Error = "'" + Value + "' is not an integer";
    return false;
  }
  bool Negative = Value[0] == '-';
  std::string_view Digits = std::string_view(Value).substr(Value[0] == '-' || Value[0] == '+');
  // The magnitude's bound: 2^(N-1) for a negative signed value, 2^(N-1)-1
  // for a positive one, 2^N-1 unsigned; a negative unsigned value only 0.
  uint64_t Max = T->Signed ? (uint64_t(1) << (T->Bits - 1)) - (Negative ? 0 : 1)
                 : Negative ? 0
                 : T->Bits == 64 ? UINT64_MAX
                                 : (uint64_t(1) << T->Bits) - 1;
  uint64_t Magnitude = 0;
  if (parseDecimal(Digits, Max, Magnitude) != DecimalStatus::Ok) {
    Error = Value + " does not fit in " + Type;
    return false;
  }
  Bits = Negative ? uint64_t(0) - Magnitude : Magnitude;
  return true;
}

/// Python's complex literal, as repr() writes it and as complex() reads it:
/// "1+2j", "-0.5-3j", "2j", "-j", "1.5", "(1+2j)", "inf-nanj"; each part a
/// float of \p PartType.
bool parseComplex(const std::string &PartType, std::string Value, uint64_t &Re, uint64_t &Im,
                  std::string &Error) {
  std::string Text = Value;
  if (Value.size() >= 2 && Value.front() == '(' && Value.back() == ')')
    Value = Value.substr(1, Value.size() - 2);
  Re = Im = 0;
  if (Value.empty() || (Value.back() != 'j' && Value.back() != 'J'))
    return parseFloat(PartType, Value, Re, Error) ||
           (Error = "'" + Text + "' is not a complex number (e.g. 1+2j, -0.5j, 3)", false);
  Value.pop_back();
  // The imaginary part starts at the last sign that is not an exponent's.
  size_t Split = 0;
  for (size_t I = Value.size(); I-- > 1;)
    if ((Value[I] == '+' || Value[I] == '-') && Value[I - 1] != 'e' && Value[I - 1] != 'E') {
      Split = I;
      break;
    }
  std::string Real = Value.substr(0, Split), Imag = Value.substr(Split);
  if (Imag.empty() || Imag == "+" || Imag == "-")
    Imag += "1"; // 1j, -j
  std::string PartError;
  if ((!Real.empty() && !parseFloat(PartType, Real, Re, PartError)) ||
      !parseFloat(PartType, Imag, Im, PartError)) {
    Error = PartError.find("does not fit") != std::string::npos
                ? PartError
                : "'" + Text + "' is not a complex number (e.g. 1+2j, -0.5j, 3)";
    return false;
  }
  if (Real.empty()) // 2j is +0.0 real
    Re = 0;
  return true;
}

} // namespace

std::optional<ScalarArgument> parseScalar(const std::string &Text, std::string &Error) {
  ScalarArgument A;
  std::string Value = Text;
  if (size_t Colon = Text.find(':'); Colon != std::string::npos) {
    A.Type = Text.substr(0, Colon);
    Value = Text.substr(Colon + 1);
  }
  bool Truth = Value == "True" || Value == "true" || Value == "False" || Value == "false";
  if (A.Type.empty())
    A.Type = Truth ? "bool" : isInteger(Value) ? "int64" : "float64";
  if (A.Type == "bool" && (Value == "True" || Value == "true"))
    Value = "1";
  if (A.Type == "bool" && (Value == "False" || Value == "false"))
    Value = "0";
  bool Parsed = A.Type == "complex64" || A.Type == "complex128"
                    ? parseComplex(A.Type == "complex64" ? "float32" : "float64", Value, A.Bits,
                                   A.ImagBits, Error)
                : A.Type == "float16" || A.Type == "float32" || A.Type == "float64"
                    ? parseFloat(A.Type, Value, A.Bits, Error)
                    : parseInteger(A.Type, Value, A.Bits, Error);
  if (!Parsed)
    return std::nullopt;
  return A;
}

std::optional<RunOptions> parseRunOptions(int Argc, char **Argv, std::string &Error, bool &Help) {
  RunOptions O;
  std::vector<std::string> Positional;
  bool HaveGrid = false, HaveBlock = false;
  SharedOptionTargets Shared{&O.OptLevel, &O.Fmad,    &O.Modules,
                             &O.Diagnostics, &O.Backend, &O.BoundsCheck};
  auto OnOption = [&](const ParsedOption &P, std::string &Err) {
    if (applySharedOption(Command::Run, P, Shared, Err))
      return ParseStep::Continue;
    switch (P.Id) {
    case OptionId::Help:
      Help = true;
      return ParseStep::Stop;
    case OptionId::Grid:
    case OptionId::Block: {
      bool IsGrid = P.Id == OptionId::Grid;
      if (auto D = parseDim3(IsGrid ? "--grid" : "--block", P.Value, Err)) {
        (IsGrid ? O.Grid : O.Block) = *D;
        (IsGrid ? HaveGrid : HaveBlock) = true;
      }
      break;
    }
    case OptionId::SharedBytes: {
      // CUDA takes the dynamic shared memory as a 32-bit count.
      DecimalStatus Status = parseDecimal(P.Value, UINT32_MAX, O.SharedBytes);
      if (Status == DecimalStatus::TooLarge)
        Err = "invalid --shared '" + P.Value + "' (at most " + std::to_string(UINT32_MAX) +
                " bytes)";
      else if (Status != DecimalStatus::Ok)
        Err = "invalid --shared '" + P.Value + "' (expected a number of bytes)";
      break;
    }
    case OptionId::RunCheck:
      O.Check = true;
      break;
    case OptionId::Time: {
      uint64_t N = 0;
      if (parseDecimal(P.Value, 999999, N) != DecimalStatus::Ok)
        Err = "invalid --time '" + P.Value + "' (expected a number of launches up to 999999)";
      O.TimedLaunches = unsigned(N);
      break;
    }
    default:
      break;
    }
    return ParseStep::Continue;
  };
  auto OnPositional = [&](const std::string &A, std::string &) { Positional.push_back(A); };
  if (!parseCommandLine(Command::Run, std::vector<std::string>(Argv, Argv + Argc), OnOption,
                        OnPositional, Error))
    return std::nullopt;
  if (Help)
    return O;
  if (Positional.size() < 2) {
    Error = "expected FILE.py and KERNEL";
    return std::nullopt;
  }
  if (!HaveGrid || !HaveBlock) {
    Error = "--grid and --block are required";
    return std::nullopt;
  }
  O.File = Positional[0];
  O.Kernel = Positional[1];
  O.Args.assign(Positional.begin() + 2, Positional.end());
  return O;
}

} // namespace pykc::driver
