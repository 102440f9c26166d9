//===- GpuImages.h - The GPU code an object embeds ---------------*- C++ -*-===//
#pragma once

#include "Options.h"

#include "codegen/HostObject.h"
#include "ir/IR.h"

#include <string>
#include <vector>

namespace pykc::driver {

/// Compiles \p IR to PTX for every architecture of \p O (defaultObjectArchs()
/// when none was given). With SASS on and ptxas found, also assembles each
/// PTX; with fatbinary found, packs SASS and PTX into one fatbin. The images
/// are, in order: the fatbin or one cubin per architecture (when made), then
/// one PTX per architecture, which the runtime falls back to when the SASS
/// does not load (e.g. a driver older than this toolkit). No images for a
/// module without kernels. False with \p Error set on failure.
bool buildGpuImages(const ir::Module &IR, const Options &O,
                    std::vector<codegen::GpuImage> &Images, std::string &Error);

} // namespace pykc::driver
