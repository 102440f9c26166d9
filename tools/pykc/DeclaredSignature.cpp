//===- DeclaredSignature.cpp ----------------------------------------------===//
#include "DeclaredSignature.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace pykc::driver {

namespace {

/// How well one argument fits one parameter: nothing when it does not,
/// 1 when exactly, 0 when after a conversion.
std::optional<int> fit(const ir::Type *Param, const RunArgumentType &Arg) {
  if (auto *A = ir::dynCast<ir::ArrayType>(Param)) {
    if (!Arg.IsArray || A->dtype()->str() != Arg.Dtype || A->ndim() != Arg.NDim)
      return std::nullopt;
    if ((A->layout() == ir::ArrayLayout::C && !Arg.COrder) ||
        (A->layout() == ir::ArrayLayout::F && !Arg.FOrder))
      return std::nullopt;
    return 1;
  }
  auto *S = ir::dynCast<ir::ScalarType>(Param);
  if (!S || Arg.IsArray)
    return std::nullopt;
  return S->str() == Arg.Dtype ? 1 : 0;
}

bool isFloatName(const std::string &T) {
  return T == "float16" || T == "float32" || T == "float64";
}
bool isUnsignedName(const std::string &T) { return T.rfind("uint", 0) == 0; }

unsigned bitsOfName(const std::string &T) {
  if (T == "bool")
    return 8;
  size_t Digits = T.find_first_of("0123456789");
  return Digits == std::string::npos ? 64 : unsigned(std::stoul(T.substr(Digits)));
}

} // namespace

std::optional<size_t> chooseDeclaredSignature(const std::vector<ir::ParsedSignature> &Declared,
                                              const std::vector<RunArgumentType> &Args) {
  std::optional<size_t> Best;
  int BestScore = -1;
  for (size_t I = 0; I < Declared.size(); ++I) {
    const ir::ParsedSignature &Sig = Declared[I];
    if (Sig.Args.size() != Args.size())
      continue;
    int Score = 0;
    bool Fits = true;
    for (size_t K = 0; K < Args.size() && Fits; ++K) {
      std::optional<int> F = fit(Sig.Args[K], Args[K]);
      Fits = F.has_value();
      Score += F.value_or(0);
    }
    if (Fits && Score > BestScore) {
      Best = I;
      BestScore = Score;
    }
  }
  return Best;
}

uint64_t convertScalarBits(uint64_t Bits, const std::string &From, const ir::ScalarType &To) {
  // The value, as a double when From is a float, else as a 64-bit integer.
  bool FromFloat = isFloatName(From);
  double F = 0;
  uint64_t I = 0;
  if (From == "float16") {
    _Float16 V;
    uint16_t B = uint16_t(Bits);
    std::memcpy(&V, &B, 2);
    F = double(V);
  } else if (From == "float32") {
    float V;
    uint32_t B = uint32_t(Bits);
    std::memcpy(&V, &B, 4);
    F = V;
  } else if (From == "float64") {
    std::memcpy(&F, &Bits, 8);
  } else {
    unsigned W = bitsOfName(From);
    I = W == 64 ? Bits : Bits & ((uint64_t(1) << W) - 1);
    if (!isUnsignedName(From) && From != "bool" && W < 64 && (I >> (W - 1)) & 1)
      I |= ~((uint64_t(1) << W) - 1); // sign-extend
  }
  auto AsDouble = [&] {
    if (FromFloat)
      return F;
    return isUnsignedName(From) ? double(I) : double(int64_t(I));
  };

  if (To.isBoolean())
    return FromFloat ? F != 0 : I != 0;
  if (To.isFloat()) {
    double D = AsDouble();
    if (To.bitWidth() == 16) {
      _Float16 V = _Float16(D);
      uint16_t B;
      std::memcpy(&B, &V, 2);
      return B;
    }
    if (To.bitWidth() == 32) {
      float V = float(D);
      uint32_t B;
      std::memcpy(&B, &V, 4);
      return B;
    }
    uint64_t B;
    std::memcpy(&B, &D, 8);
    return B;
  }
  // An integer: floats truncate (saturating, NaN to 0), integers wrap.
  if (FromFloat) {
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
  unsigned W = To.bitWidth();
  return W == 64 ? I : I & ((uint64_t(1) << W) - 1);
}

} // namespace pykc::driver
