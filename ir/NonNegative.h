//===- NonNegative.h - Integer values known to be at least 0 ----*- C++ -*-===//
///
/// \file
/// Which integer values of a function cannot be negative, so that an index
/// of them needs no wrap-around (ExpandOperators.h leaves its rule out,
/// and the emitters take the plain index: `C[x, y]` with `x, y =
/// cuda.grid(2)`, `sA[tx, j]` in a `for j in range(TPB)` loop).
///
/// Known non-negative: constants at least 0; values of unsigned types;
/// thread and block indices and extents, cuda.grid and cuda.gridsize,
/// lane ids, array extents and sizes; a conversion of such a value that
/// keeps it (to a signed type wider than an unsigned source, or at least
/// as wide as a signed one); sums, products, quotients, right shifts and
/// maxima of such values; `x % c` and `x & c` for a constant c at least 0;
/// the arms of a select both so; a local variable all of whose
/// assignments are so (found as a greatest fixed point, so `i = i + 1`
/// keeps it); and a `for` loop's index from such a start by a constant
/// positive step. Parameters are unknown.
///
/// Sums and products are taken not to overflow: an index that wraps past
/// 2**63 is out of bounds with or without Python's wrap-around.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <map>
#include <set>

namespace pykc::ir {

class NonNegativeValues {
public:
  /// Analyses \p F's variables; \p F must not change while this is used.
  explicit NonNegativeValues(const Function &F);

  /// Whether \p E (an integer, or a tuple of integers) is known to be at
  /// least 0 (each element, for a tuple).
  bool known(const Expr &E) { return expr(E, 0); }

private:
  bool expr(const Expr &E, unsigned Depth);
  bool uncached(const Expr &E, unsigned Depth);
  bool binary(const BinaryExpr &B, unsigned Depth);
  bool cast(const CastExpr &C, unsigned Depth);

  /// Variables every assignment of which is known non-negative.
  std::set<const Variable *> Variables;
  std::map<const Expr *, bool> Known;
};

} // namespace pykc::ir
