//===- CudaToolkit.h - Finding the pieces of the CUDA toolkit ---*- C++ -*-===//
//
// pykc never needs the toolkit to compile: libdevice only for math calls,
// ptxas and fatbinary only to add SASS to objects. Each is looked for under
// the same roots, in order: --cuda-path, $CUDA_HOME, $CUDA_PATH, the toolkit
// found when pykc was built, /usr/local/cuda.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace pykc::driver {

/// libdevice.10.bc: \p Explicit (--libdevice) if given, else the first that
/// exists under the roots. Empty when none exists.
std::string findLibdevice(const std::string &Explicit, const std::string &CudaPath);

/// ROOT/bin/\p Tool (ptxas, fatbinary) under the first root that has it as
/// an executable; empty when none does.
std::string findCudaTool(const std::string &Tool, const std::string &CudaPath);

/// ROOT/lib64/\p Library (libnvJitLink.so) under the first root that has
/// it (also ROOT/targets/x86_64-linux/lib); empty when none does.
std::string findCudaLibrary(const std::string &Library, const std::string &CudaPath);

} // namespace pykc::driver
