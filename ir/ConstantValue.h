//===- ConstantValue.h - Compile-time Python values -------------*- C++ -*-===//
///
/// \file
/// Values known at compile time: module constants (`TPB = 16`), literals and
/// arithmetic on them, tuples of them, and dtypes. Numba freezes a kernel's
/// global names to such values when it compiles the kernel; pykc does the
/// same with the module's top-level assignments.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/Type.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

struct ConstantValue {
  /// Array: a module-level NumPy array (ir/ConstantArray.h), its elements
  /// in C order in Elements (each Int, Float, Bool or Complex), Dtype and
  /// Shape; an array of records has Record instead of Dtype and its bytes,
  /// as NumPy lays them out, in Bytes (Elements empty).
  /// Complex: real part in Float, imaginary in Imag.
  /// EnumClass: an enum.Enum class (Enum); EnumMember: one of its members
  /// (Enum, its name in String, its value in Int).
  /// NamedTupleClass: a collections.namedtuple or typing.NamedTuple class,
  /// its name in String and its field names in Fields.
  /// List: a module-level list (Elements); Dict: a module-level dict, its
  /// keys in Elements and its values in Values, in insertion order. Module
  /// code reads them (`EPS = _DEFAULTS["EPS"]`); kernels cannot, as Numba
  /// freezes neither.
  /// Version: packaging.version.Version or LooseVersion of String, its
  /// comparable parts in Elements (ints and strings, ModuleValues.h).
  enum class Kind { Int, Float, Bool, Complex, None, String, Tuple, Dtype, Array, EnumClass,
                    EnumMember, NamedTupleClass, List, Dict, Version };
  Kind K = Kind::None;
  int64_t Int = 0;
  double Float = 0;
  double Imag = 0;
  bool Bool = false;
  std::string String;
  std::vector<ConstantValue> Elements;
  const ScalarType *Dtype = nullptr;
  /// Kind Dtype: a record dtype (np.dtype([...]), numba.from_dtype(...))
  /// instead of the scalar Dtype.
  const RecordType *Record = nullptr;
  const EnumType *Enum = nullptr;
  std::vector<int64_t> Shape; ///< Arrays only.
  /// NamedTupleClass: its fields; a Tuple with named fields
  /// (`sys.version_info.major`): their names.
  std::vector<std::string> Fields;
  std::string Bytes;          ///< Arrays of records only.
  std::vector<ConstantValue> Values; ///< Dict only: the value of each key.
  /// Int, Float, Bool, Complex: a NumPy scalar of this type (a module's
  /// `np.float32(6.28)`), which kernels read as that type; null for a
  /// Python number (int64, float64, bool, complex128 to Numba).
  const ScalarType *Typed = nullptr;

  static ConstantValue makeInt(int64_t V);
  static ConstantValue makeFloat(double V);
  static ConstantValue makeBool(bool V);
  static ConstantValue makeComplex(double Re, double Im);
  /// A dtype: \p Ty a ScalarType or a RecordType.
  static ConstantValue makeDtype(const Type *Ty);
  /// A dtype's type (scalar or record); null for other kinds.
  const Type *dtypeType() const;
  /// Python's repr of the value, for messages.
  std::string str() const;
};

/// Resolves a name (or a dotted attribute path) to a constant, or nothing.
/// Also asked for any expression the evaluator does not know itself (a
/// call, a subscript, a list or dict display), so that module-level code
/// can evaluate more than kernels may (ModuleValues.h).
using ConstantLookup = std::function<std::optional<ConstantValue>(const frontend::Expr &)>;

/// Evaluates \p E when it is a compile-time constant expression: literals,
/// names \p Lookup knows, tuples, unary and binary arithmetic with Python's
/// semantics, comparisons (of numbers, strings, tuples and versions, with
/// `in`, `is None`), concatenation of strings and tuples, and
/// `and`/`or`/`not`. Returns nothing otherwise (including on overflow or
/// division by zero).
std::optional<ConstantValue> evaluateConstant(const frontend::Expr &E,
                                              const ConstantLookup &Lookup);

/// What module code computes beyond Python's operators on numbers: NumPy's
/// on arrays (ConstantArrayMath.h). Asked, with the operands' values, for
/// an operator Python's rules above do not decide.
struct ConstantArithmetic {
  std::function<std::optional<ConstantValue>(frontend::BinaryOp, const ConstantValue &,
                                             const ConstantValue &)>
      Binary;
  std::function<std::optional<ConstantValue>(frontend::UnaryOp, const ConstantValue &)> Unary;
};

/// evaluateConstant with \p More's operators (null: none).
std::optional<ConstantValue> evaluateConstant(const frontend::Expr &E,
                                              const ConstantLookup &Lookup,
                                              const ConstantArithmetic *More);

/// Python's `L op R` on constants (what `X op= R` at module level needs).
std::optional<ConstantValue> constantBinary(frontend::BinaryOp Op, const ConstantValue &L,
                                            const ConstantValue &R);

/// Python's truth value of \p V.
bool constantTruth(const ConstantValue &V);

/// Python's `A == B` for constants pykc can compare (numbers by value,
/// strings, tuples, lists and versions element by element); nothing when
/// it cannot tell.
std::optional<bool> constantEquals(const ConstantValue &A, const ConstantValue &B);

/// Python's ordering of \p A and \p B (-1, 0 or 1): numbers, strings, and
/// tuples, lists or versions element by element; nothing where Python
/// raises TypeError (or a NaN makes every comparison false).
std::optional<int> constantOrder(const ConstantValue &A, const ConstantValue &B);

} // namespace pykc::ir
