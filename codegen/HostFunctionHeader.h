//===- codegen/HostFunctionHeader.h - @njit functions in the header -*- C++ -*-===//
///
/// \file
/// Each @njit function compiled for the host becomes an inline C++ function
/// in the header's namespace that calls its entry in the object
/// (codegen::hostEntrySymbol): arrays are pykc::HostArray<T, N> views of the
/// caller's memory (const T when the function never writes them), scalars
/// are taken by value, and the result is returned as a C++ value (a
/// std::tuple for a tuple, void for none).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/CxxTypeWriter.h"
#include "ir/IR.h"

#include <ostream>
#include <string>

namespace pykc::codegen {

/// The `extern "C"` declarations of the host entries (before the namespace).
void writeHostEntryDeclarations(std::ostream &OS, const ir::Module &IR,
                                const std::string &Namespace);

/// The inline functions (inside the namespace), their types spelled by
/// \p Types (whose records the header has declared).
void writeHostFunctions(std::ostream &OS, CxxTypeWriter &Types, const ir::Module &IR,
                        const std::string &Namespace);

/// Whether \p IR has host entries (the header then includes HostArray.h).
bool hasHostFunctions(const ir::Module &IR);

} // namespace pykc::codegen
