//===- RunOptions.cpp -----------------------------------------------------===//
#include "RunOptions.h"
#include "UnknownOption.h"

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

const char *RunHelp = R"(USAGE: pykc run FILE.py KERNEL --grid G --block B [options] ARG...

Compiles KERNEL for the types of its arguments and launches it once.

  --grid G, --block B   Blocks per grid and threads per block: 4, 4,2 or 4,2,2.
  --backend KIND        cpu, cuda or auto (default: CUDA when a GPU is
                        present, else the CPU; says which on stderr).
  --shared BYTES        Dynamic shared memory per block.
  --time N              After the launch, launch N more times and print the
                        median and fastest launch time (the arrays then hold
                        the result of all N+1 launches).
  -O0 .. -O3            Optimization level (default -O3).
  --fmad=true|false     Fused multiply-adds, as for pykc (default true);
                        false rounds every operation, as Numba's simulator.
  --boundscheck         Check every array index: one out of range is not
                        accessed, and the launch fails naming the kernel, the
                        source line, the index, the extent, the thread and
                        the block (Numba-CUDA cannot; boundscheck=True in
                        @cuda.jit does the same for one function).
  --check               Run on the CPU backend, checking as NVIDIA's
                        compute-sanitizer does: indices out of range
                        (memcheck), threads touching one shared element
                        between barriers (racecheck), reads of shared or local
                        memory nothing wrote (initcheck), barriers and warp
                        masks the threads disagree on (synccheck). Prints the
                        first error of each kind and place and a summary; any
                        error makes the exit status 1 and leaves every file
                        untouched.
  -D NAME[=VALUE], -I DIR
                        Module-level values and import roots, as for pykc
                        (pykc --help).
  -w, -Werror, -W<Kind>, -Wno-<Kind>, -Werror=<Kind>, -Wall, -ferror-limit=N
                        Warning control, as for pykc (pykc --help).
  ARG                   An array: a .npy file (dtype, shape and C/F order from
                        the file, at most 16 GiB of data; written back after
                        the launch when the kernel changed it). A scalar:
                        5 (int64), 2.5 (float64), true or false (bool), or
                        TYPE:VALUE such as
                        float32:1.25, int32:7, uint8:3, bool:1.
)";

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
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    if (parseModuleFlag(Argc, Argv, I, O.Modules, Error) ||
        parseDiagnosticFlag(A, O.Diagnostics, Error)) {
      if (!Error.empty())
        return std::nullopt;
      continue;
    }
    auto Value = [&](const std::string &Name, std::string &Out) {
      if (A.rfind(Name + "=", 0) == 0) {
        Out = A.substr(Name.size() + 1);
        return true;
      }
      if (A != Name)
        return false;
      if (I + 1 >= Argc) {
        Error = "missing value after '" + Name + "'";
        return true;
      }
      Out = Argv[++I];
      return true;
    };
    std::string V;
    if (A == "--help" || A == "-h") {
      Help = true;
      return O;
    }
    if (Value("--grid", V) || Value("--block", V)) {
      bool IsGrid = A.rfind("--grid", 0) == 0;
      if (!Error.empty())
        return std::nullopt;
      auto D = parseDim3(IsGrid ? "--grid" : "--block", V, Error);
      if (!D)
        return std::nullopt;
      (IsGrid ? O.Grid : O.Block) = *D;
      (IsGrid ? HaveGrid : HaveBlock) = true;
    } else if (Value("--backend", V)) {
      if (V != "cpu" && V != "cuda" && V != "auto") {
        Error = "invalid --backend '" + V + "' (expected cpu, cuda or auto)";
        return std::nullopt;
      }
      O.Backend = V;
    } else if (Value("--shared", V)) {
      // CUDA takes the dynamic shared memory as a 32-bit count.
      DecimalStatus Status = parseDecimal(V, UINT32_MAX, O.SharedBytes);
      if (Status == DecimalStatus::TooLarge) {
        Error = "invalid --shared '" + V + "' (at most " + std::to_string(UINT32_MAX) + " bytes)";
        return std::nullopt;
      }
      if (Status != DecimalStatus::Ok) {
        Error = "invalid --shared '" + V + "' (expected a number of bytes)";
        return std::nullopt;
      }
    } else if (Value("--fmad", V)) {
      if (!parseFmad(V, O.Fmad)) {
        Error = "invalid --fmad '" + V + "' (expected true or false)";
        return std::nullopt;
      }
    } else if (A == "--boundscheck") {
      O.BoundsCheck = true;
    } else if (A == "--check") {
      O.Check = true;
    } else if (Value("--time", V)) {
      uint64_t N = 0;
      if (parseDecimal(V, 999999, N) != DecimalStatus::Ok) {
        Error = "invalid --time '" + V + "' (expected a number of launches up to 999999)";
        return std::nullopt;
      }
      O.TimedLaunches = unsigned(N);
    } else if (A.size() == 3 && A.rfind("-O", 0) == 0 && A[2] >= '0' && A[2] <= '3') {
      O.OptLevel = unsigned(A[2] - '0');
    } else if (A.size() > 1 && A[0] == '-' &&
               !(std::isdigit(static_cast<unsigned char>(A[1])) || A[1] == '.')) {
      Error = unknownOption(A, {"--grid", "--block", "--backend", "--shared", "--fmad",
                                "--boundscheck", "--check", "--time", "-O0", "-O1", "-O2", "-O3",
                                "-D", "-I", "-w", "-Werror", "-Wall", "-ferror-limit", "--help"});
      return std::nullopt;
    } else {
      Positional.push_back(A);
    }
    if (!Error.empty())
      return std::nullopt;
  }
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
