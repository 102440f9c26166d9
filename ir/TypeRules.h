//===- TypeRules.h - Numba's typing rules for scalars -----------*- C++ -*-===//
///
/// \file
/// Numba's conversion lattice (numba/core/typeconv/rules.py, as its
/// typing context reports it), its overload resolution (rate each candidate
/// signature by its unsafe, safe and promoting conversions; the first best
/// wins) and its unification (NumPy's promote_types for numbers). The
/// operator and builtin typings are Numba's case tables run through that
/// resolution, so results match Numba's, e.g. int32 + int32 is int64 and
/// int32 + float32 is float64.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operators.h"
#include "ir/Type.h"

#include <optional>
#include <vector>

namespace pykc::ir {

/// None: no conversion at all (a complex to any real type).
enum class Conversion { None = 0, Exact = 1, Promote = 2, Safe = 3, Unsafe = 4 };

/// How a value of \p From converts to \p To (every scalar converts, at worst
/// unsafely, except a complex to a real type).
Conversion conversionKind(const ScalarType *From, const ScalarType *To);

/// A typing signature: argument types and the result type.
struct Signature {
  const Type *Result = nullptr;
  std::vector<const Type *> Args;
};

/// Numba's resolve_overload: the index of the case whose conversions rate
/// best, the first on ties. Scalars convert by conversionKind; arrays and
/// tuples must match (an array may lose its layout). With \p AllowUnsafe
/// false, candidates that need an unsafe conversion are not considered.
std::optional<size_t> bestOverload(const std::vector<Signature> &Cases,
                                   const std::vector<const Type *> &Args,
                                   bool AllowUnsafe = true);

/// The best case itself (see bestOverload).
std::optional<Signature> resolveOverload(const std::vector<Signature> &Cases,
                                         const std::vector<const Type *> &Args,
                                         bool AllowUnsafe = true);

/// The type both can be stored as (Numba's unify_pairs), or null.
const Type *unifyTypes(TypeContext &Ctx, const Type *A, const Type *B);

/// The case tables of Numba's CUDA typing of the math module
/// (numba/cuda/cudamath.py), named in ir/Builtins.def's MATH rows.
enum class MathCases {
  Unary,       ///< (int64) (uint64) -> float64; float32 -> float32; float64 -> float64
  BinaryInt,   ///< the same with two arguments (atan2, hypot)
  BinaryFloat, ///< (float32, float32) -> float32; (float64, float64) -> float64
  Predicate,   ///< int64, uint64, float32, float64 -> bool
  Frexp,       ///< float32 -> (float32, int32); float64 -> (float64, int32)
  Ldexp,       ///< (float32, int32) -> float32; (float64, int32) -> float64
  Modf,        ///< float32 -> UniTuple(float32, 2); float64 -> UniTuple(float64, 2)
};

/// The case tables of Numba's typing of the cmath module
/// (numba/core/typing/cmathdecl.py), named in ir/Builtins.def's Cmath rows.
enum class CmathCases {
  Unary,     ///< complex64 -> complex64; complex128 -> complex128
  Log,       ///< Unary, and (c, c) -> c: log(z, base)
  Predicate, ///< complex64, complex128 -> bool
  Phase,     ///< complex128 -> float64; complex64 -> float32
  Polar,     ///< c -> UniTuple(its float x 2)
  Rect,      ///< (float64, float64) -> complex128; (float32, float32) -> complex64
};

/// Typing of operators and builtins, each a Numba case table.
class OperatorTyping {
public:
  explicit OperatorTyping(TypeContext &Ctx);

  std::optional<Signature> binary(ArithOp Op, const Type *L,
                                  const Type *R) const;
  /// `-x` (also the typing of `+x`), `~x` and `not x`.
  std::optional<Signature> unary(UnaryArithOp Op, const Type *Operand) const;
  /// Ordering and equality comparisons.
  std::optional<Signature> compare(CompareOp Op, const Type *L,
                                   const Type *R) const;
  /// range(...) with one to three arguments: the argument signature; the
  /// result type is the loop variable's type.
  std::optional<Signature> range(const std::vector<const Type *> &Args) const;
  std::optional<Signature> abs(const Type *Operand) const;
  /// int(x), float(x), bool(x).
  std::optional<Signature> toInt(const Type *Operand) const;
  std::optional<Signature> toFloat(const Type *Operand) const;
  std::optional<Signature> toBool(const Type *Operand) const;
  /// A math-module function of the case table \p Cases.
  std::optional<Signature> math(MathCases Cases, const std::vector<const Type *> &Args) const;
  const std::vector<Signature> &mathTable(MathCases Cases) const;
  const std::vector<Signature> &cmathTable(CmathCases Cases) const;

  // Numba's CUDA case tables (numba/cuda/cudadecl.py), named by the Call()
  // rows of ir/Builtins.def.
  std::vector<Signature> SyncWarp;         ///< () | (int32 mask) -> none
  std::vector<Signature> Shuffle;          ///< (int32 mask, T, int32) -> T; T int32/64, float32/64
  std::vector<Signature> Vote;             ///< (int32 mask, bool) -> bool
  std::vector<Signature> Ballot;           ///< (int32 mask, bool) -> int32
  std::vector<Signature> MatchAny;         ///< (int32 mask, T) -> int32; T int32/64, float32/64
  std::vector<Signature> MatchAll;         ///< (int32 mask, T) -> (int32, bool)
  std::vector<Signature> MaskQuery;        ///< () -> uint32
  std::vector<Signature> BarrierPredicate; ///< (int32) -> int32
  std::vector<Signature> NoArgs;           ///< () -> none
  std::vector<Signature> Popc, Clz;        ///< each integer type -> itself
  std::vector<Signature> Ffs;              ///< each integer type -> uint32
  std::vector<Signature> Brev;             ///< uint32 -> uint32, uint64 -> uint64
  std::vector<Signature> Cbrt;             ///< float32/64 -> itself
  std::vector<Signature> Fma;              ///< (T, T, T) -> T, T float32/64
  std::vector<Signature> Fp16Unary;        ///< (float16) -> float16
  std::vector<Signature> Fp16Binary;       ///< (float16, float16) -> float16
  std::vector<Signature> Fp16Ternary;      ///< (float16, float16, float16) -> float16
  std::vector<Signature> Fp16Compare;      ///< (float16, float16) -> bool
  /// Python's round (numba/core/typing/builtins.py): (float32) -> intp,
  /// (float64) -> int64, (T, intp) -> T.
  std::vector<Signature> Round;
  /// divmod (numba/core/typing/builtins.py's DivMod): (T, T) ->
  /// UniTuple(T, 2) for T int64, uint64, float32 and float64.
  std::vector<Signature> Divmod;

private:
  TypeContext &Ctx;
  std::vector<Signature> Arith, Mod, TrueDiv, Pow, Shift, BitLogic;
  std::vector<Signature> Neg, Invert, Ordered, Unordered, Range, Abs;
  std::vector<Signature> MathUnary, MathBinaryInt, MathBinaryFloat, MathPredicate;
  std::vector<Signature> MathFrexp, MathLdexp, MathModf;
  std::vector<Signature> CmathUnary, CmathLog, CmathPredicate, CmathPhase, CmathPolar,
      CmathRect;
};

} // namespace pykc::ir
