//===- DeclaredSignature.h - pykc run against declared signatures -*- C++ -*-===//
///
/// \file
/// A kernel declared with signatures (`@cuda.jit("void(int32[:], int32)")`)
/// is compiled for those only; Numba's dispatcher then takes a launch's
/// arguments when they convert to one of them (ir::chooseSignature), and
/// converts each scalar to its parameter's type: `cuda.jit(sig)(f)[1, 1](a,
/// 3)` passes 3 as an int32. `pykc run` does the same; this is the value
/// conversion.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Type.h"

#include <cstdint>

namespace pykc::driver {

/// \p Bits, a value of type \p From in its representation, converted to
/// \p To as Numba converts an argument: integers wrap, floats to integers
/// truncate toward zero (saturating, NaN to 0), anything to bool is != 0.
uint64_t convertScalarBits(uint64_t Bits, const ir::ScalarType &From, const ir::ScalarType &To);

} // namespace pykc::driver
