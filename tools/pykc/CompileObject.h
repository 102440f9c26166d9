//===- CompileObject.h - pykc -c --------------------------------*- C++ -*-===//
#pragma once

#include "Options.h"

#include "ir/IR.h"

namespace pykc::driver {

/// The back half of `pykc -c`: GPU images for every --arch, the host object
/// around them (codegen/HostObject.h) and, with --header, the typed header.
/// Returns the exit status.
int compileObject(const Options &O, const ir::Module &IR);

} // namespace pykc::driver
