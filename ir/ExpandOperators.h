//===- ExpandOperators.h - Python's operators, expanded once ----*- C++ -*-===//
///
/// \file
/// The pass that gives Python's `//`, `%`, `**`, `<<` and `>>` their meaning:
/// each BinaryExpr of those operators becomes a call of its function of
/// primitive operations (OperatorFunctions.h), one function per operator,
/// operand types and flavour (host code, fastmath) in the module, and a
/// float ** float becomes math.pow. After it no backend sees those
/// operators: they print the primitives, as the interpreter runs them.
///
/// It also gives every node that indexes its index rules as facts
/// (IndexFunctions.h): the function that wraps each index that can be
/// negative, and a slice's bound, length and step functions. The emitters
/// call those with the extents they read, instead of restating the rules.
///
/// It runs after the checks (which read the operators as written) and
/// before the reduction-order check and emission (tools/pykc/Pipeline.cpp).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

namespace pykc::ir {

/// Expands the operators of every function of \p M, in place.
void expandPythonOperators(Module &M, const TypeContext &Types);

} // namespace pykc::ir
