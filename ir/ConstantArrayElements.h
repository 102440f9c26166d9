//===- ConstantArrayElements.h - What ConstantArrayMath shares --*- C++ -*-===//
///
/// \file
/// The element-level pieces of ConstantArrayMath.cpp that its functions
/// (ConstantArrayFunctions.cpp) use too: the dtypes computed, promotion of
/// an operation's operands, elementwise application with broadcasting, and
/// one element's arithmetic. Internal to those two files.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ConstantValue.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace pykc::ir {

class TypeContext;

namespace arraymath {

/// bool, the integers but uint64 (whose values past int64 the elements
/// cannot hold as NumPy does), float32, float64.
bool computable(const ScalarType *T);

/// intN or uintN.
const ScalarType *integer(TypeContext &Types, unsigned Bits, bool Signed);

ConstantValue makeArray(std::vector<ConstantValue> Elements, std::vector<int64_t> Shape,
                        const ScalarType *Dtype);

/// An int or bool element's value.
int64_t intValue(const ConstantValue &V);
/// Any real element's value as a double (what NumPy's float loops read).
double doubleValue(const ConstantValue &V);

/// One element of `A op B`, both already of type \p T, as NumPy's loop for
/// T computes it; nothing where NumPy raises.
std::optional<ConstantValue> elementOperator(frontend::BinaryOp Op, const ConstantValue &A,
                                             const ConstantValue &B, const ScalarType *T);

/// One side of an operation: an array, or a scalar with the dtype NumPy
/// gives it when it is not value-based (a Python int is int64, a float
/// float64; a NumPy scalar its own).
struct Operand {
  const ConstantValue *Value = nullptr;
  bool IsArray = false;
  const ScalarType *Dtype = nullptr;
};

std::optional<Operand> operandOf(const ConstantValue &V, TypeContext &Types);

/// np.result_type of two operands (NumPy 1.x's value-based casting of a
/// scalar beside an array).
const ScalarType *resultType(TypeContext &Types, const Operand &L, const Operand &R);

/// \p Fn on each pair of elements of \p L and \p R broadcast together,
/// their values cast to \p Operands first, the results to \p T.
std::optional<ConstantValue>
elementwise(const ConstantValue &L, const ConstantValue &R, const ScalarType *Operands,
            const ScalarType *T,
            const std::function<std::optional<ConstantValue>(const ConstantValue &,
                                                             const ConstantValue &)> &Fn);

} // namespace arraymath
} // namespace pykc::ir
