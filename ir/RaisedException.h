//===- RaisedException.h - What `raise` in @njit code raises ----*- C++ -*-===//
///
/// \file
/// Numba's CPU target raises an exception from nopython code when the class
/// is a builtin one and its arguments are constants (`raise
/// ValueError("negative input")`, `assert x >= 0, "negative"`); the
/// caller sees it as Python prints it. pykc's host code records that text
/// (pykc_host_raise) and the host entry returns it, so `pykc call` and C++
/// callers report "f.py:7:9: ValueError: negative input (in 'f')".
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "ir/ConstantValue.h"

#include <optional>
#include <string>

namespace pykc::ir {

class ModuleScope;

/// What Python prints for the exception `raise Exc` raises (`Exc` a builtin
/// exception class of \p Scope, or a call of one on constants, which
/// \p Evaluate gives): "ValueError: negative input", "IndexError"; \p Exc
/// null (a bare re-raise) is refused. Nothing, with the reason in \p Why,
/// for what Numba's CPU target does not raise.
std::optional<std::string> raisedException(const frontend::Expr *Exc, const ModuleScope &Scope,
                                           const ConstantLookup &Evaluate, std::string &Why);

/// What a failing `assert Test, Message` raises: "AssertionError" or
/// "AssertionError: MESSAGE" (\p Message null or a constant).
std::optional<std::string> failedAssertion(const frontend::Expr *Message,
                                           const ConstantLookup &Evaluate, std::string &Why);

} // namespace pykc::ir
