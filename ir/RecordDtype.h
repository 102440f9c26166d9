//===- RecordDtype.h - NumPy structured dtypes at module level --*- C++ -*-===//
///
/// \file
/// Record dtypes as people write them beside their kernels, which pykc
/// evaluates without running the module:
///
///   rec = np.dtype([('a', np.float64), ('b', 'i4'), ('h', np.float32, (3, 2)),
///                   ('inner', other_dtype)], align=True)
///   rec = np.dtype({'names': [...], 'formats': [...], 'offsets': [...],
///                   'itemsize': 32, 'aligned': True})
///   rec_t = numba.from_dtype(rec)      # Numba's Record type of it
///
/// Field formats are dtypes (np.float32, numba.int32, 'f4', '<f8',
/// 'float64', float, int, bool, complex), record dtypes, or subarrays
/// (`(fmt, shape)`, a third tuple item, or '(3,2)f4'). Layouts follow
/// NumPy: packed, or with align=True each field at a multiple of its
/// alignment and the size a multiple of the largest. Strings, objects,
/// datetimes and big-endian fields are not dtypes a kernel can use.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ConstantArray.h"
#include "ir/ConstantValue.h"

#include <string>

namespace pykc::ir {

/// The most bytes one record may take (NumPy's own limit is INT32_MAX).
constexpr uint64_t MaxRecordBytes = uint64_t(1) << 30;

/// What evaluating a record dtype gave: the record, or, when \p E is a
/// dtype constructor pykc cannot evaluate, why (Record null, Problem set).
/// Neither when \p E is not such a constructor at all.
struct RecordDtypeResult {
  const RecordType *Record = nullptr;
  std::string Problem;
};

/// Evaluates `np.dtype(...)` and `numba.from_dtype(...)` (also
/// numba.np.numpy_support.from_dtype) with a structured spec.
RecordDtypeResult evaluateRecordDtype(const frontend::Expr &E, const PathResolver &Resolve,
                                      const ConstantLookup &Lookup, TypeContext &Types);

/// The scalar or subarray a NumPy type string names: "f4", "<i8", "float32",
/// "?", "(3,2)f4", "3u1". Null (and \p Problem set) when it names none a
/// kernel can hold.
const Type *typeOfDtypeString(const std::string &Text, TypeContext &Types, std::string &Problem);

} // namespace pykc::ir
