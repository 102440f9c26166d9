//===- examples/common/banner.h - Which device the example runs on --------===//
//
// device_banner() is every example's first line:
//
//   device: NVIDIA H100 80GB HBM3 (CUDA, sm_90)
//   device: Host CPU (AMD EPYC 7B13) (CPU backend: PYKC_BACKEND=cpu)
//   device: Host CPU (AMD EPYC 7B13) (CPU backend: libcuda.so.1 not found)
//
// The device is pykc's default one: the first GPU, else the CPU
// (PYKC_BACKEND=cpu|cuda forces the choice).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_EXAMPLES_BANNER_H
#define PYKC_EXAMPLES_BANNER_H

#include "pykc/Device.h"

#include <cstdlib>
#include <string>

namespace examples {

/// Why the CPU backend runs: forced by PYKC_BACKEND=cpu, or the reason
/// there is no usable GPU.
inline std::string cpu_backend_reason() {
  const char *Env = std::getenv("PYKC_BACKEND");
  if (Env && std::string(Env) == "cpu")
    return "PYKC_BACKEND=cpu";
  std::string Why = pykc::cuda_unavailable_reason();
  return Why.empty() ? "no CUDA device selected" : Why;
}

inline std::string device_banner() {
  const pykc::DeviceInfo &D = pykc::current_device();
  if (D.Kind == pykc::DeviceKind::CUDA)
    return "device: " + D.Name + " (CUDA, sm_" +
           std::to_string(D.ComputeCapabilityMajor) +
           std::to_string(D.ComputeCapabilityMinor) + ")";
  return "device: " + D.Name + " (CPU backend: " + cpu_backend_reason() + ")";
}

inline bool on_cpu_backend() {
  return pykc::current_device().Kind == pykc::DeviceKind::CPU;
}

} // namespace examples

#endif // PYKC_EXAMPLES_BANNER_H
