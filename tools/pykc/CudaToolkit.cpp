//===- CudaToolkit.cpp ----------------------------------------------------===//
#include "CudaToolkit.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>
#include <vector>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> cudaRoots(const std::string &CudaPath) {
  std::vector<fs::path> Roots;
  if (!CudaPath.empty())
    Roots.push_back(CudaPath);
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var); V && *V)
      Roots.push_back(V);
  if (std::string(PYKC_DEFAULT_CUDA_ROOT).size())
    Roots.push_back(PYKC_DEFAULT_CUDA_ROOT);
  if (std::string(PYKC_DEFAULT_LIBDEVICE).size())
    Roots.push_back(fs::path(PYKC_DEFAULT_LIBDEVICE).parent_path().parent_path().parent_path());
  Roots.push_back("/usr/local/cuda");
  return Roots;
}

} // namespace

std::string findLibdevice(const std::string &Explicit, const std::string &CudaPath) {
  if (!Explicit.empty())
    return Explicit;
  for (const fs::path &R : cudaRoots(CudaPath)) {
    fs::path P = R / "nvvm" / "libdevice" / "libdevice.10.bc";
    std::error_code EC;
    if (fs::exists(P, EC))
      return P.string();
  }
  return "";
}

std::string findCudaLibrary(const std::string &Library, const std::string &CudaPath) {
  for (const fs::path &R : cudaRoots(CudaPath))
    for (const fs::path &Dir : {R / "lib64", R / "targets" / "x86_64-linux" / "lib"}) {
      std::error_code EC;
      if (fs::exists(Dir / Library, EC))
        return (Dir / Library).string();
    }
  return "";
}

std::string findCudaTool(const std::string &Tool, const std::string &CudaPath) {
  for (const fs::path &R : cudaRoots(CudaPath)) {
    fs::path P = R / "bin" / Tool;
    if (access(P.c_str(), X_OK) == 0)
      return P.string();
  }
  return "";
}

} // namespace pykc::driver
