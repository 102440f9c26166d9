//===- ReductionOrder.h - Does a reduction's result depend on order? -*- C++ -*-===//
///
/// \file
/// A reduction combines values in an order that differs between GPUs, the
/// CPU backend and Numba. Its result is the same in every order when its
/// operator commutes and associates; this analysis tries the operator on a
/// few sample values of each dtype, interpreting its typed IR (Interpret.h)
/// while compiling, and warns about an operator that does neither, with
/// the values that show it (OrderDependentReduction). The samples' sums,
/// products and differences are exact in every dtype, so a sum or product
/// passes, and the documents' `a - b` does not. An operator the interpreter
/// cannot run (arrays, CUDA functions) gets a note that it was not checked.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"

namespace pykc::ir {

/// Checks each reduction operator of \p IR once per operator (the first
/// dtype that shows a problem is named).
void checkReductionOrder(const Module &IR, const ModuleScope &Scope,
                         frontend::DiagnosticEngine &Diags);

} // namespace pykc::ir
