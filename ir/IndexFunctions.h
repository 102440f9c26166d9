//===- IndexFunctions.h - Python's index rules as primitive IR --*- C++ -*-===//
///
/// \file
/// The one definition of how Python (and Numba) read an index and a slice,
/// as device functions of the typed IR made of primitive operations, like
/// the operators' (OperatorFunctions.h):
///
///   pykc_wrap_<T>(i, n)      a negative index of a signed type counts from
///                            the end once: a[-1] is the last element. No
///                            bounds check (Numba's CUDA target has none;
///                            --boundscheck adds one in the emitters).
///   pykc_slice_start(n, has, start, step)
///   pykc_slice_stop(n, has, stop, step)
///                            slice.indices(n)'s bounds: wrapped once, then
///                            clamped into the range the step walks; an
///                            absent one is the end the step starts from
///                            (or stops at).
///   pykc_slice_length(first, last, step)
///                            how many elements that range holds; a step of
///                            0 gives none (Python raises; a kernel cannot).
///   pykc_slice_step(step)    the step the view's stride is multiplied by
///                            (1 for a step of 0, whose view is empty).
///
/// ir/ExpandOperators.h sets them as facts on the nodes that index (the
/// Wraps of ArrayLoadExpr, StoreStmt and AtomicRMWExpr, ViewIndex's Wrap and
/// Slice, TupleGetDynamicExpr's Wrap); the emitters call them with the
/// extent they read from the array, and print nothing of the rules.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

namespace pykc::ir {

/// Builds pykc_wrap_<T>: (T i, int64 n) -> int64, for a signed integer
/// \p Index type. The caller sets HostCode.
Function *buildIndexWrapFunction(Module &M, const TypeContext &Types,
                                 const ScalarType *Index);

/// Builds the four slice functions into \p Into. The caller sets their
/// HostCode.
void buildSliceFunctions(Module &M, const TypeContext &Types,
                         SliceFunctions &Into);

} // namespace pykc::ir
