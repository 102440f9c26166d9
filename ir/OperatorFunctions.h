//===- OperatorFunctions.h - Python's operators as primitive IR --*- C++
//-*-===//
///
/// \file
/// The one definition of what Python's `//`, `%`, `**` with an integer
/// exponent, `<<` and `>>` compute in the kernel language, with Numba's
/// semantics: integer `//` and `%` round toward negative infinity and give
/// 0 for a zero divisor (Numba-CUDA cannot raise); float `//` and `%`
/// follow CPython's float_divmod (a zero divisor gives inf or nan, as
/// NumPy); `**` multiplies by repeated squaring as Numba's int_power does;
/// shifts have no width limit (shifting by the width or more leaves 0, or
/// the sign for a signed right shift).
///
/// Each is a device function of the typed IR built from primitive
/// operations only (ArithOp's DivTrunc, RemTrunc, ShlBits and ShrBits, the
/// arithmetic every target has, selects, comparisons, a loop), which
/// ir/ExpandOperators.h calls where the program uses the operator. The
/// emitters (LLVM for PTX and the CPU, CUDA C++) print the primitive
/// operations, and the constant evaluator (ConstantValue.h) and the
/// interpreter (Interpret.h) run the same functions: none restates the
/// semantics.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

namespace pykc::ir {

/// Builds, in \p M, the function computing Python's \p Op on operands of
/// types \p Left and \p Right:
///   FloorDiv, Mod   (T, T) -> T for an integer or float T;
///   Shl, Shr        (T, T) -> T for an integer T;
///   Pow             (B, E) -> B for an integer or float B and an integer E.
/// Null for any other operator or types. The function is a Device
/// function marked Operator; the caller sets its HostCode and FastMath.
Function *buildOperatorFunction(Module &M, const TypeContext &Types, ArithOp Op,
                                const ScalarType *Left,
                                const ScalarType *Right);

/// The name pykc gives that function: "pykc_floordiv_int64",
/// "pykc_pow_float32_int64", ...
std::string operatorFunctionName(ArithOp Op, const ScalarType *Left,
                                 const ScalarType *Right);

} // namespace pykc::ir
