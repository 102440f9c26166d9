//===- CompileObject.h - pykc -c --------------------------------*- C++ -*-===//
#pragma once

#include "Options.h"
#include "PhaseTimes.h"
#include "Pipeline.h"

namespace pykc::driver {

/// The back half of `pykc -c`: GPU images for every --arch, the host object
/// around them (codegen/HostObject.h) and, with --header, the typed header.
/// Returns the exit status. The object and header come from the compile
/// cache when it has them (CacheKey.h). \p Times: -v's phase times, or null.
int compileObject(const Options &O, const Compilation &C, PhaseTimes *Times);

} // namespace pykc::driver
