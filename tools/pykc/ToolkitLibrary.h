//===- ToolkitLibrary.h - A toolkit library, opened once -------*- C++ -*-===//
//
// libnvJitLink and libnvrtc are loaded the same way: found under the
// toolkit's roots (CudaToolkit.h), opened with dlopen once per path for the
// process (a failure is remembered too), their functions bound by name.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CudaToolkit.h"

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace pykc::driver {

/// Binds the function \p Name of the opened library \p Lib to \p Out;
/// false when the library has no such symbol.
template <class F> bool bindSymbol(void *Lib, const char *Name, F &Out) {
  Out = reinterpret_cast<F>(dlsym(Lib, Name));
  return Out != nullptr;
}

/// The loaded \p Library (libnvrtc.so, ...) under \p CudaPath's roots, made
/// by \p Make(handle, path) (a std::unique_ptr<T>, null when a function is
/// missing) the first time a path is asked for; null when the library is
/// not found, does not open, or Make refused it.
template <class T, class MakeFn>
const T *loadToolkitLibrary(const std::string &Library, const std::string &CudaPath,
                            MakeFn &&Make) {
  static std::mutex Mutex;
  static std::map<std::string, std::unique_ptr<T>> Loaded; // by path, once
  std::string Path = findCudaLibrary(Library, CudaPath);
  if (Path.empty())
    return nullptr;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, New] = Loaded.try_emplace(Path);
  if (!New)
    return It->second.get();
  if (void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL))
    It->second = Make(Lib, Path);
  return It->second.get();
}

} // namespace pykc::driver
