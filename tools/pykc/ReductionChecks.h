//===- ReductionChecks.h - Is a reduction's result order-free? --*- C++ -*-===//
#pragma once

#include "Pipeline.h"

namespace pykc::driver {

/// Runs the check kernels of the module's @cuda.reduce functions (ir/
/// Reduction.cpp) on the CPU device, on sample values of each dtype, and
/// warns [OrderDependentReduction] at an operator that does not commute or
/// associate on them, with the counterexample: such a reduction's result
/// depends on the order values are combined in, which differs between the
/// GPU, the CPU backend and Numba. Then removes the check kernels from the
/// IR (they are never output). Returns false, with \p Error, when the
/// checks cannot be compiled or run.
bool checkReductions(Compilation &C, bool Fmad, std::string &Error);

} // namespace pykc::driver
