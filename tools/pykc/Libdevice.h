//===- Libdevice.h - Finding libdevice ---------------------------*- C++ -*-===//
#pragma once

#include <string>

namespace pykc::driver {

/// libdevice.10.bc: \p Explicit (--libdevice) if given, else the first that
/// exists under \p CudaPath (--cuda-path), $CUDA_HOME, $CUDA_PATH, the
/// toolkit found when pykc was built, then /usr/local/cuda. Empty when none
/// exists (only kernels that call math functions need it).
std::string findLibdevice(const std::string &Explicit, const std::string &CudaPath);

} // namespace pykc::driver
