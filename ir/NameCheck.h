//===- NameCheck.h - Names a @cuda.jit function uses ------------*- C++ -*-===//
///
/// \file
/// Before typing, every name a @cuda.jit function reads is resolved the way
/// Python would (local, then module, then builtins). Undefined names and
/// names bound only by host code are reported here, once each use, even for
/// kernels that have no signature yet.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/ModuleScope.h"

#include <map>
#include <string>
#include <vector>

namespace pykc::ir {

/// The names a function body assigns (its locals besides the parameters),
/// in order of first assignment.
std::vector<std::string> assignedNames(const frontend::StmtList &Body);

/// The names \p Body binds exactly once, by a plain `name = value`, with
/// that value: Numba types such a name bound to a constant as a literal
/// (`n = 32; cuda.shared.array(n, float32)`).
std::map<std::string, const frontend::Expr *> singleAssignments(const frontend::StmtList &Body);

/// Reports every unresolvable name read in \p Fn; returns false if any.
bool checkNames(const FunctionInfo &Fn, const ModuleScope &Scope,
                frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
