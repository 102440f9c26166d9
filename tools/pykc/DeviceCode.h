//===- DeviceCode.h - Typed IR compiled for the current device --*- C++ -*-===//
///
/// \file
/// What `pykc run` and `pykc reduce` share after the typed IR: choosing the
/// device --backend names, compiling the module for it (the ORC JIT on the
/// CPU device, PTX for the GPU's architecture, linked with the foreign
/// functions' link files into a cubin by nvJitLink when kernels call some)
/// and handing out launchable KernelImages.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/CPUBackend.h"
#include "ir/IR.h"

#include <pykc/Launch.h>

#include <memory>
#include <optional>
#include <string>

namespace pykc::driver {

/// Makes the device \p Backend names current: "cpu", "cuda" (the first GPU)
/// or "auto" (a GPU when there is one, else the CPU). An error message when
/// it cannot, else "".
std::string selectBackend(const std::string &Backend);

class DeviceCode {
public:
  /// \p IR compiled for the current device. Null with \p Error set.
  /// \p Check: the CPU device's code is instrumented for `--check`.
  static std::unique_ptr<DeviceCode> compile(const ir::Module &IR, unsigned OptLevel, bool Fmad,
                                             std::string &Error,
                                             const codegen::KernelFilter &Kernels = {},
                                             bool Check = false);
  /// The image of the kernel whose symbol is \p Symbol; it points into this
  /// object, which must outlive its launches.
  std::optional<KernelImage> image(const std::string &Symbol, std::string &Error);
  /// The host entry (SYM__host) of the @njit function whose symbol is
  /// \p Symbol; only on the CPU device. Null with \p Error set.
  codegen::CPUJit::HostEntry hostEntry(const std::string &Symbol, std::string &Error);

private:
  std::unique_ptr<codegen::CPUJit> JIT; ///< The CPU device's code, or
  std::string PTX;                      ///< the GPU's, and
  /// for kernels that call foreign device functions, the GPU's cubin of it
  /// linked with their link files (what is loaded).
  std::string Cubin;
  std::vector<std::unique_ptr<std::string>> Names;
};

} // namespace pykc::driver
