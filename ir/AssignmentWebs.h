//===- AssignmentWebs.h - A variable's independently typed versions -*- C++ -*-===//
///
/// \file
/// Numba types each assignment of a local variable on its own (its IR is in
/// SSA form) and unifies versions only where they meet: where control flow
/// joins and more than one of them can reach a use. So
///
///   for v in (a2, b2): ...      # v: int8x2
///   for v in (a3, b3): ...      # v: int8x3, another version
///
/// is two variables to Numba, and `x = 1; use(x); x = 2.5` computes the
/// first use with an int. A web is a set of assignments linked through the
/// uses they reach together (the classic def-use web); each web is one
/// pykc Variable with one unified type. A name whose assignments all meet
/// somewhere is one web, as before.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

#include <map>
#include <set>
#include <string>

namespace pykc::ir {

struct AssignmentWebs {
  /// How many webs each local name has (at least 1).
  std::map<std::string, unsigned> Count;
  /// The web a name reads (a load) or writes (a store target); an augmented
  /// assignment's target reads one web and writes another (or the same).
  std::map<const frontend::NameExpr *, unsigned> Loads, Stores;
  /// The web holding a parameter's value on entry.
  std::map<std::string, unsigned> Entry;
};

/// The webs of the local names \p Locals (parameters \p Params among them)
/// in \p Body: reaching definitions over the function's structured control
/// flow (if, while, for, break, continue, return, raise), then the
/// definitions that reach a common use merged.
AssignmentWebs findAssignmentWebs(const frontend::StmtList &Body,
                                  const std::set<std::string> &Locals,
                                  const std::set<std::string> &Params);

} // namespace pykc::ir
