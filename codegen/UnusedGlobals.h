//===- UnusedGlobals.h - Erasing what a module does not use -----*- C++ -*-===//
///
/// \file
/// The emitter writes every device function into each module it makes; a
/// module made for part of a file (a CPU part, a GPU group) then erases
/// what nothing in it uses, so that its cache key and its code depend only
/// on what its kernels reach.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>

namespace llvm {
class GlobalValue;
class Module;
} // namespace llvm

namespace pykc::codegen {

/// Erases every global value of \p M that nothing uses and \p MayGo
/// accepts, again until none is left (erasing one can leave another
/// unused).
void eraseUnusedGlobals(llvm::Module &M,
                        const std::function<bool(const llvm::GlobalValue &)> &MayGo);

} // namespace pykc::codegen
