//===- DeclaredSignature.h - pykc run against declared signatures -*- C++ -*-===//
///
/// \file
/// A kernel declared with signatures (`@cuda.jit("void(int32[:], int32)")`)
/// is compiled for those only; Numba's dispatcher then takes a launch's
/// arguments when they convert to one of them: arrays of the same dtype and
/// dimensions with a compatible layout, any number for a scalar parameter
/// (converted to the parameter's type, as `cuda.jit(sig)(f)[1, 1](a, 3)`
/// passes 3 as an int32). `pykc run` does the same here.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Signature.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

/// What `pykc run` knows of one argument's type.
struct RunArgumentType {
  bool IsArray = false;
  std::string Dtype; ///< Numba's name: "float32", "bool", ...
  unsigned NDim = 0;
  bool COrder = false, FOrder = false; ///< Contiguity (1-D arrays are both).
};

/// The index of the declared signature the arguments convert to: the one
/// with the most scalar parameters of the argument's exact type, the first
/// among equals. Nothing when none takes them.
std::optional<size_t> chooseDeclaredSignature(const std::vector<ir::ParsedSignature> &Declared,
                                              const std::vector<RunArgumentType> &Args);

/// \p Bits, a value of type \p From ("int64", "float64", "bool", ...),
/// converted to \p To as Numba converts an argument: integers wrap, floats
/// to integers truncate toward zero (saturating), anything to bool is != 0.
uint64_t convertScalarBits(uint64_t Bits, const std::string &From, const ir::ScalarType &To);

} // namespace pykc::driver
