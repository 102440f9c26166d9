//===- ConstantArray.h - Module-level NumPy arrays --------------*- C++ -*-===//
///
/// \file
/// Numba freezes a NumPy array a kernel reads from its module's globals into
/// the compiled code as a constant (in constant memory on the GPU), and
/// cuda.const.array_like(ARR) does the same explicitly. pykc does not run the
/// module, so it evaluates the constructors people write for such tables:
///   np.array(LIST, dtype=D)   nested lists or tuples of numbers
///   np.arange([start,] stop[, step], dtype=D)
///   np.zeros(shape, dtype=D), np.ones(...), np.full(shape, value, dtype=D)
///   np.linspace(start, stop, num=50, endpoint=True, dtype=D)
///   any of these followed by .reshape(shape) or .astype(D)
/// with NumPy's default dtypes (int64 for integers, float64 for floats and
/// for zeros/ones/linspace, bool for booleans) and its element values.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ConstantValue.h"

namespace pykc::ir {

class TypeContext;

/// The most elements pykc freezes into a kernel (8 MiB of float64), and
/// the most bytes of records.
constexpr int64_t MaxConstantArrayElements = int64_t(1) << 20;
constexpr uint64_t MaxConstantArrayBytes = uint64_t(8) << 20;

/// Resolves a callee (`np.zeros`) to its qualified path ("numpy.zeros").
using PathResolver = std::function<std::optional<std::string>(const frontend::Expr &)>;

/// \p V as a value of \p D, as NumPy casts it (integers wrap, float32
/// rounds, a complex keeps its real part for a real \p D).
ConstantValue castConstant(const ConstantValue &V, const ScalarType *D);

/// Array \p A as ndarray.astype(\p D) gives it: every element cast.
ConstantValue castArray(ConstantValue A, const ScalarType *D);

/// A NumPy (or Numba) scalar of a constant: np.float32(6.28), numba.int8(3),
/// as Numba freezes a module-level NumPy scalar: a constant of that type
/// (ConstantValue::Typed). Nothing when \p E is not such a call.
std::optional<ConstantValue> evaluateNumpyScalar(const frontend::Expr &E,
                                                 const ConstantLookup &Lookup);

/// \p A with \p Shape (one -1 taking what the others leave), as
/// ndarray.reshape gives it; nothing when the sizes disagree or it would
/// have more than 3 dimensions.
std::optional<ConstantValue> reshapedArray(ConstantValue A, std::vector<int64_t> Shape);

/// Evaluates \p E when it is one of the constructors above with constant
/// arguments; nothing otherwise (a host array pykc cannot know). When it is
/// one but has more than MaxConstantArrayElements elements, \p TooLarge
/// (if given) says how many it would have.
std::optional<ConstantValue> evaluateConstantArray(const frontend::Expr &E,
                                                   const PathResolver &Resolve,
                                                   const ConstantLookup &Lookup,
                                                   TypeContext &Types,
                                                   std::string *TooLarge = nullptr);

} // namespace pykc::ir
