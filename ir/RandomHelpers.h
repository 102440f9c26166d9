//===- RandomHelpers.h - numba.cuda.random in the kernel language -*- C++ -*-===//
///
/// \file
/// Numba's random number generator for kernels (numba/cuda/random.py):
/// xoroshiro128+ states in an array of records [('s0', uint64), ('s1',
/// uint64)], one per thread, read and advanced by the device functions
/// xoroshiro128p_uniform_float32/64, xoroshiro128p_normal_float32/64,
/// xoroshiro128p_next, xoroshiro128p_jump and init_xoroshiro128p_state.
/// pykc compiles its own versions of them, written in the kernel language
/// (RandomHelpers.cpp) with the same arithmetic and types as Numba's, so
/// a kernel draws exactly the numbers Numba's draws from the same states.
/// The host side (creating the states) is in the runtime:
/// pykc::random::create_xoroshiro128p_states (pykc/Random.h).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ModuleScope.h"

#include <string>

namespace pykc::ir {

/// The states' record dtype, Numba's xoroshiro128p_dtype.
const RecordType *xoroshiro128pDtype(TypeContext &Types);

/// The device function numba.cuda.random.\p Name, added to \p Scope on
/// first use; null when \p Name is not one kernels can call.
FunctionInfo *randomHelper(ModuleScope &Scope, const std::string &Name);

/// How many arguments numba.cuda.random.\p Name takes.
size_t randomHelperArity(const std::string &Name);

} // namespace pykc::ir
