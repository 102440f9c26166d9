//===- GpuImages.h - The GPU code an object embeds ---------------*- C++ -*-===//
#pragma once

#include "Options.h"
#include "PhaseTimes.h"
#include "Progress.h"

#include "codegen/HostObject.h"
#include "ir/IR.h"

#include <functional>
#include <string>
#include <vector>

namespace pykc::driver {

/// Compiles \p IR to PTX for every architecture of \p O (defaultObjectArchs()
/// when none was given). With SASS on, also compiles each PTX to SASS: with
/// ptxas, whose cubins fatbinary (when found) packs with the PTX into one
/// fatbin, or in the process with the toolkit's libnvJitLink (one cubin per
/// architecture) with PYKC_NVJITLINK=1 or when there is no ptxas. The
/// images are, in order: the fatbin or the cubins (when made), then one PTX
/// per architecture, which the runtime falls back to when the SASS does not
/// load (e.g. a driver older than this toolkit). No images for a module
/// without kernels. False with \p Error set on failure. What ptxas printed
/// when -Xptxas asked it to (e.g. -v) lands in \p PtxasLog. \p Times and
/// \p Shown, when not null, hear of each phase (-v, the terminal's line).
/// The GPU groups built (codegen/GpuGroups.h) and, with the compile cache
/// on, how many came from it.
struct GpuImageStats {
  unsigned Groups = 0;
  unsigned CacheHits = 0;
  bool Cached = false; ///< The cache was on.
  /// LLVM optimizations of the groups built, for how many PTX modules
  /// (groups times targets): fewer where targets share one.
  unsigned PtxOptimizations = 0;
  unsigned PtxModules = 0;
};

/// Hears the images buildGpuImages will make, in order, without their
/// bytes (Data empty), as soon as it knows the tools (and before it builds
/// any), so that the object's tables can be built meanwhile.
using ImageLayoutFn = std::function<void(const std::vector<codegen::GpuImage> &)>;

/// Whether \p A and \p B are the same images but for their bytes.
bool sameLayout(const std::vector<codegen::GpuImage> &A,
                const std::vector<codegen::GpuImage> &B);

bool buildGpuImages(const ir::Module &IR, const Options &O,
                    std::vector<codegen::GpuImage> &Images, std::string &PtxasLog,
                    std::string &Error, PhaseTimes *Times = nullptr, Progress *Shown = nullptr,
                    GpuImageStats *Stats = nullptr, const ImageLayoutFn &OnLayout = nullptr);

} // namespace pykc::driver
