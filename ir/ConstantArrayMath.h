//===- ConstantArrayMath.h - NumPy arithmetic on module arrays --*- C++ -*-===//
///
/// \file
/// Modules compute their tables: `W = np.exp(-np.arange(-R, R + 1) ** 2 /
/// 8.0)`, `W /= W.sum()`, `SQ = np.arange(N) ** 2`. Numba freezes what
/// NumPy computed, so pykc computes the same elements, with the rules of
/// NumPy 1.24 (the NumPy that Numba 0.56 runs with):
///  - Promotion: array with array by np.result_type; array with a scalar (a
///    Python number or a NumPy scalar) by the scalar's value when its kind
///    (bool < integer < float < complex) is not above the array's
///    (`int8_array * 300` is int16, `float32_array * 2.5` float32), else
///    by the scalar's own type (`int32_array * 2.5` is float64).
///  - Integers wrap in their type; `/` of integers is float64; float32
///    arithmetic rounds every result to float32; `//` and `%` are NumPy's
///    divmod; shapes broadcast as NumPy broadcasts them.
///  - Reductions with NumPy's result types: sum (floats summed pairwise,
///    as NumPy sums them), prod, min, max, mean, cumsum.
/// What NumPy's result could not be known here for (complex and record
/// arrays, uint64 and float16 results, float32 transcendental functions,
/// whose SIMD loops are not correctly rounded, an error NumPy raises) gives
/// nothing: the value stays the run's.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ConstantValue.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pykc::ir {

class TypeContext;

/// Whether \p V is an array ConstantArrayMath computes with.
bool isMathArray(const ConstantValue &V);

/// `L op R` where one of them is an array and the other an array or a
/// number.
std::optional<ConstantValue> arrayBinary(frontend::BinaryOp Op, const ConstantValue &L,
                                         const ConstantValue &R, TypeContext &Types);

/// `W op= R` on array \p W: NumPy writes the result into W, cast to W's
/// dtype within its kind (an integer array cannot take floats).
std::optional<ConstantValue> arrayInPlace(frontend::BinaryOp Op, const ConstantValue &W,
                                          const ConstantValue &R, TypeContext &Types);

/// `-A`, `+A`, `~A`.
std::optional<ConstantValue> arrayUnary(frontend::UnaryOp Op, const ConstantValue &A);

/// `numpy.NAME(Args)` where an argument is an array: ufuncs (np.sqrt,
/// np.exp, np.abs, np.add, np.maximum, ...) and reductions (np.sum, np.max,
/// np.mean, np.cumsum, ...).
std::optional<ConstantValue>
arrayFunction(const std::string &Name, const std::vector<ConstantValue> &Args,
              const std::vector<std::pair<std::string, ConstantValue>> &Keywords,
              TypeContext &Types);

/// `A.METHOD(Args)`: the reductions, astype, reshape, copy, flatten, ravel.
std::optional<ConstantValue> arrayMethod(const ConstantValue &A, const std::string &Method,
                                         const std::vector<ConstantValue> &Args,
                                         TypeContext &Types);

/// `A.ATTR`: shape, size, ndim, dtype, itemsize, nbytes, T.
std::optional<ConstantValue> arrayAttribute(const ConstantValue &A, const std::string &Attr);

} // namespace pykc::ir
