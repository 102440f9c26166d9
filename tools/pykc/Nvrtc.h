//===- Nvrtc.h - CUDA C++ to PTX in the process -----------------*- C++ -*-===//
//
// The CUDA toolkit's NVRTC compiles the .cu link files of foreign device
// functions (ir/ForeignFunction.h) to relocatable PTX (-rdc=true), which
// nvJitLink links with the kernels' PTX. Loaded with dlopen on first use,
// as nvJitLink is; optional.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace pykc::driver {

class Nvrtc {
public:
  /// libnvrtc.so under the toolkit's roots, loaded once; null when there is
  /// none or it lacks an entry point.
  static const Nvrtc *load(const std::string &CudaPath);

  /// The PTX of the CUDA C++ \p Source (from \p Path, whose folder its
  /// #includes are looked for in) for \p Arch ("sm_80": compute_80), as
  /// relocatable device code; nothing, with \p Error holding NVRTC's log,
  /// when it does not compile. Thread-safe.
  std::optional<std::string> compile(const std::string &Source, const std::string &Path,
                                     const std::string &Arch, std::string &Error) const;

  const std::string &path() const { return LibPath; }

  struct Api; ///< The entry points (Nvrtc.cpp).
  ~Nvrtc();

private:
  std::unique_ptr<const Api> Fns;
  std::string LibPath;
};

} // namespace pykc::driver
