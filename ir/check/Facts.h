//===- check/Facts.h - What the typing checker finds out --------*- C++ -*-===//
///
/// \file
/// The typing checker (FunctionChecker.h) answers, per expression, what the
/// IR builder will make of it: a value of some type, or a compile-time
/// entity (a module path, a constant, a function). It answers without
/// building anything, so these records carry types, never IR nodes. The
/// plan that leads from the quiet lowering to checker and builder is
/// docs/design/typing-pass.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/SourceManager.h"
#include "ir/ConstantValue.h"
#include "ir/ForeignFunction.h"
#include "ir/Type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

struct FunctionInfo;
class ModuleScope;

/// The bits of a constant the builder makes (an IR ConstantExpr): integers,
/// booleans and enum members in IntBits (sign-extended), floats in
/// FloatValue, complex numbers in FloatValue and ImagValue.
struct Fold {
  uint64_t IntBits = 0;
  double FloatValue = 0;
  double ImagValue = 0;
};

/// A cuda.shared.array or cuda.local.array call as the final walk accepted
/// it: what the IR builder allocates. A dynamic shared array (a 1-d shape
/// of 0 or less, sized at launch) has Shape {0}.
struct AllocationFact {
  std::vector<int64_t> Shape;
  bool Dynamic = false;
  const Type *Dtype = nullptr; ///< A scalar or a record.
  unsigned Rank = 0;
  ArrayLayout Layout =
      ArrayLayout::C; ///< A heap array's (np.empty_like of an F array: F)
};

/// A `for` loop over arrays, tuples, enumerate() and zip() of them, as the
/// final walk accepted it: what the builder evaluates before the loop, in
/// Python's order, and what each target is bound to in each turn.
struct IterationShape {
  /// One thing evaluated once, before the first turn.
  struct Step {
    enum class Kind {
      Source,     ///< An array or tuple (Node), walked by the hidden index.
      Range,      ///< range(...) zipped or enumerated (Node: the call).
      CountStart, ///< enumerate()'s start (Node), for count Index.
    };
    Kind K = Kind::Source;
    const frontend::Expr *Node = nullptr;
    size_t Index = 0; ///< CountStart: which enumerate (sources and ranges go in order).
  };
  std::vector<Step> Steps;
  /// Each target and what it is bound to: source k's element (k),
  /// enumerate c's count (-1 - c), range r's value (RangeTarget - r), or the
  /// tuple of the targets Tuples[t] lists (TupleTarget - t): a name bound to
  /// what zip() or enumerate() gives whole (`for pair in zip(a, b)`). A null
  /// target is such a tuple's hidden part. A target is a name, or for a
  /// source's element a tuple of targets that unpacks it (`for p, q in
  /// PAIRS`), as an assignment would.
  std::vector<std::pair<const frontend::Expr *, int>> Targets;
  std::vector<std::vector<size_t>> Tuples;
  /// The sources' types and the ranges' (Numba's range typing), in order.
  std::vector<const Type *> Sources, Ranges;
  size_t Counts = 0; ///< How many enumerate()s.
  static constexpr int RangeTarget = -(1 << 24);
  static constexpr int TupleTarget = -(1 << 28);
};

/// The truth of constant \p F of type \p Ty when an `if` tests it, or none
/// when it is not a number: the one rule both the checker and the lowering
/// prune branches by.
std::optional<bool> foldedTruth(const Type *Ty, const Fold &F);

/// What an expression denotes, as the lowering's Value does, with a type in
/// place of an IR expression.
struct Checked {
  enum class Kind { Invalid, Value, Path, Constant, Function, Module, Foreign };
  Kind K = Kind::Invalid;
  const Type *Ty = nullptr; ///< Value: its type.
  /// Value: the bits, when the builder makes a constant of it.
  std::optional<Fold> Folded;
  /// Value: a truth test (bool(x)) of a constant is not a constant, but
  /// an `if` on it prunes as on the constant: the constant's truth.
  std::optional<bool> ConstantTruth;
  /// Value: a module-level array, frozen in constant memory (what
  /// cuda.const.array_like takes).
  bool ConstArray = false;
  /// Value: the variable (FunctionChecker's index) a name reads, or -1.
  int Var = -1;
  /// Value: a tuple display the builder makes whole (a TupleMakeExpr), so
  /// that an element taken from it is that element itself: `(1, 2)[0]` is
  /// the constant 1.
  bool Display = false;
  std::vector<Checked> Elements;
  /// Value: the range of the IR expression the builder makes of it, which
  /// messages about it point at: the expression's own, but a conversion's
  /// is its operand's (`int(x)` is at `x`), and a part taken whole from
  /// something else keeps that one's (`x.real` of a real `x`, an element of
  /// a tuple display). FunctionChecker::check fills it in.
  frontend::SourceRange Range;
  std::string Path; ///< Path: its qualified name; Module: the module's name.
  ConstantValue Const;
  FunctionInfo *Fn = nullptr;
  ModuleScope *Mod = nullptr;
  const ForeignFunction *Foreign = nullptr;

  static Checked invalid() { return Checked(); }
  static Checked value(const Type *Ty) {
    Checked C;
    C.K = Ty ? Kind::Value : Kind::Invalid;
    C.Ty = Ty;
    return C;
  }
  static Checked constant(const Type *Ty, const Fold &F) {
    Checked C = value(Ty);
    C.Folded = F;
    return C;
  }
  bool isValue() const { return K == Kind::Value; }
  bool isValid() const { return K != Kind::Invalid; }
};

/// How the final walk bound the parameters of a device-function call.
/// Params[I] is a Value of a type for a run-time argument, anything else
/// for a compile-time one (a Constant holds a literal's value). Defaults[I]
/// is the value of the default of a parameter the call leaves out,
/// evaluated once, where the function is defined, as Python does.
struct DeviceCallFact {
  std::vector<Checked> Params;
  std::vector<std::optional<ConstantValue>> Defaults;
};

/// One variable of a function: a parameter, or one web of assignments to a
/// local name (AssignmentWebs.h), in the order the IR lists them.
struct VariableFact {
  std::string Name;
  unsigned Version = 0;
  const Type *Ty = nullptr;      ///< The unification of what is assigned.
  const Type *ArgType = nullptr; ///< Parameters: the type the caller passes.
  bool Param = false;
  /// The first assignment that typed it: its type and target.
  const Type *FirstTy = nullptr;
  frontend::SourceRange FirstRange;
};

/// What a function's returns give, unified as they are typed: the callers
/// typed meanwhile (recursion) read it as the provisional return type.
struct ReturnTyping {
  const Type *Ty = nullptr;
  bool Known = false;        ///< Some return typed (Ty may still be null).
  bool ReturnsValue = false; ///< Some `return` has a value, typed or not.

  /// Whether a recursive call read the provisional type during the round
  /// being typed: only then does a change need another round.
  mutable bool Read = false;

  const Type *provisional() const { return Known ? Ty : nullptr; }
};

} // namespace pykc::ir
