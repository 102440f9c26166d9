//===- Interpret.h - Running a device function's typed IR -------*- C++ -*-===//
///
/// \file
/// Evaluates a device function's typed IR on scalar arguments, while
/// compiling: what the reduction-order check (ReductionOrder.h) runs a
/// @cuda.reduce operator with, instead of compiling and launching a kernel.
///
/// It interprets the scalar part of the kernel language: numbers and
/// booleans, local variables, if/while/for-range, calls of other device
/// functions and the math module's functions. Arrays, tuples, atomics,
/// CUDA intrinsics and foreign calls are not interpreted: the result then
/// says what stopped it, so a caller can say that a check was skipped.
/// Arithmetic is that of the IR's operators on the values' own types
/// (integers wrap at their width, float32 rounds after every operation);
/// the IR already holds Python's semantics as primitive operations by the
/// time it is interpreted, so none is restated here.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

/// A number or boolean of scalar type Ty: integers and booleans as their
/// bits (sign-extended for signed types, as ConstantExpr), floats as a
/// double (a float32 one holds a float32 value).
struct ScalarValue {
  const ScalarType *Ty = nullptr;
  uint64_t Bits = 0;
  double Float = 0;

  static ScalarValue integer(const ScalarType *Ty, int64_t V);
  static ScalarValue floating(const ScalarType *Ty, double V);
  /// As the IR's `==`: of one type, and a NaN equals nothing.
  bool operator==(const ScalarValue &O) const;
};

struct InterpretResult {
  std::optional<ScalarValue> Value; ///< Empty when it could not run.
  std::string WhyNot;               ///< What it could not interpret.
};

/// Calls \p F with \p Args (one per parameter, of the parameters' types).
/// Bounded: at most \p MaxSteps statements and expressions, and calls
/// nested at most 64 deep.
InterpretResult interpretCall(const Function &F, const std::vector<ScalarValue> &Args,
                              uint64_t MaxSteps = 1000000);

/// \p V converted to \p To as the IR's CastExpr converts.
ScalarValue convertScalar(const ScalarValue &V, const ScalarType *To);

} // namespace pykc::ir
