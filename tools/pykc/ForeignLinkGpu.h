//===- ForeignLinkGpu.h - Link files for the GPU ----------------*- C++ -*-===//
///
/// \file
/// On the GPU, kernels that call foreign device functions (ir/
/// ForeignFunction.h) are linked with their link files by the toolkit's
/// libnvJitLink (NvJitLink.h), a .cu compiled to relocatable PTX by NVRTC
/// (Nvrtc.h) first. `pykc -c` does it per architecture (GpuImages.cpp);
/// `pykc run` for the current GPU's (DeviceCode.cpp).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "NvJitLink.h"
#include "Nvrtc.h"

#include "ir/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

/// The link files of \p IR as nvJitLink inputs for \p Arch: a .cu compiled
/// to relocatable PTX by \p Rtc (which must be loaded when there is one),
/// the others as they are. False with \p Error set.
bool foreignLinkInputs(const ir::Module &IR, const Nvrtc *Rtc,
                       const std::string &Arch,
                       std::vector<NvJitLink::Input> &Out, std::string &Error);

/// The cubin for \p Arch ("sm_90") of the kernels' \p Ptx linked with
/// \p IR's link files, by the toolkit under \p CudaPath ("" for the usual
/// places); nothing, with \p Error set, when the toolkit lacks NVRTC or
/// libnvJitLink or they fail.
std::optional<std::string>
linkForeignCubin(const ir::Module &IR, const std::string &Ptx,
                 const std::string &Arch, unsigned OptLevel,
                 const std::string &CudaPath, std::string &Error);

} // namespace pykc::driver
