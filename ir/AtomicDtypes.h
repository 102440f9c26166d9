//===- AtomicDtypes.h - The array dtypes each atomic takes ------*- C++ -*-===//
///
/// \file
/// Numba's cudadecl.py accepts each cuda.atomic operation on some dtypes
/// only (the Dtypes column of ir/AtomicOps.def): one rule for the checker
/// and the lowering.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Type.h"

#include <string_view>

namespace pykc::ir {

enum class AtomicDtypes { All, Integer, Unsigned };

/// The Dtypes of the row of ir/AtomicOps.def whose Op is \p Op ("Add").
AtomicDtypes atomicDtypesOf(std::string_view Op);

/// Whether an operation of class \p C takes arrays of \p D; \p Allowed
/// names the dtypes it takes, for a message.
bool atomicDtypeAllowed(AtomicDtypes C, const ScalarType *D,
                        const char *&Allowed);

} // namespace pykc::ir
