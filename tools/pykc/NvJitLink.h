//===- NvJitLink.h - PTX to SASS in the process -----------------*- C++ -*-===//
//
// The CUDA toolkit's libnvJitLink compiles PTX to a GPU's machine code
// (a cubin) as ptxas does, but inside pykc's process: no process to start
// per architecture. Loaded with dlopen on first use from the toolkit (it is
// never a link-time dependency, like the driver), and optional: without it,
// pykc runs ptxas (GpuImages.cpp), and without that, embeds PTX only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

class NvJitLink {
public:
  /// The library under the toolkit's roots (CudaToolkit.h), loaded once
  /// per path; null when there is none or it lacks an entry point.
  static const NvJitLink *load(const std::string &CudaPath);

  /// nvJitLinkInputType's values for Input::Kind.
  enum InputKind { Cubin = 1, Ptx = 2, LtoIr = 3, Fatbin = 4, Object = 5, Library = 6 };
  /// Another input linked with the PTX (a foreign function's link file).
  struct Input {
    InputKind Kind = Ptx;
    std::string Data;
    std::string Name;
  };

  /// The cubin of \p Ptx, linked with \p Extra, for \p Arch ("sm_80",
  /// "sm_90a"), optimized unless \p OptLevel is 0; nothing, with
  /// \p Error holding nvJitLink's log, when the PTX does not compile.
  /// Thread-safe (each call has its own handle).
  std::optional<std::string> compile(const std::string &Ptx, const std::string &Arch,
                                     unsigned OptLevel, std::string &Error,
                                     const std::vector<Input> &Extra = {}) const;

  /// Where it was loaded from.
  const std::string &path() const { return Path; }

  struct Api; ///< The entry points (NvJitLink.cpp).
  ~NvJitLink();

private:
  std::unique_ptr<const Api> Fns;
  std::string Path;
};

} // namespace pykc::driver
