//===- Reduction.h - The kernels of a @cuda.reduce function -----*- C++ -*-===//
///
/// \file
/// A @cuda.reduce function `f(a, b)` becomes, for each dtype it is compiled
/// for, two kernels pykc writes in its own kernel language and compiles like
/// any other (ModuleScope::addSynthetic): one for GPUs (grid-stride
/// accumulation, warp shuffles, the last block to finish combining the
/// blocks' partials: one launch) and one for the CPU backend (a contiguous
/// chunk per single-thread block, the last one combining). Both combine the
/// running value first and the next element second, as Numba's reduce does,
/// and apply `init` once at the end: f(total, init), unless their `use_init`
/// parameter (Numba's name) is 0, which streamed host arrays use for every
/// chunk (the totals are reduced last, with init). The runtime's
/// pykc::reduce (Reduce.h) launches them.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"

#include <string>
#include <vector>

namespace pykc::ir {

class SemaContext;

/// The dtypes a reduction is compiled for when no --sig names one.
std::vector<const ScalarType *> defaultReduceDtypes(TypeContext &Types);

/// The symbols of the two kernels for operator \p Op and \p Dtype.
std::string reduceKernelSymbol(const std::string &Op, const ScalarType *Dtype, bool ForCpu);

/// Checks the operator \p Op (two parameters, a number back for two values
/// of each dtype) and adds its kernels for \p Dtypes to the module. Returns
/// how many kernels it added.
unsigned lowerReduction(SemaContext &Ctx, FunctionInfo &Op,
                        const std::vector<const ScalarType *> &Dtypes);

} // namespace pykc::ir
