//===- Libdevice.cpp ------------------------------------------------------===//
#include "Libdevice.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace pykc::driver {

namespace fs = std::filesystem;

std::string findLibdevice(const std::string &Explicit, const std::string &CudaPath) {
  if (!Explicit.empty())
    return Explicit;
  std::vector<std::string> Roots;
  if (!CudaPath.empty())
    Roots.push_back(CudaPath);
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var))
      Roots.push_back(V);
  if (std::string(PYKC_DEFAULT_LIBDEVICE).size())
    Roots.push_back(fs::path(PYKC_DEFAULT_LIBDEVICE).parent_path().parent_path().parent_path());
  Roots.push_back("/usr/local/cuda");
  for (const std::string &R : Roots) {
    fs::path P = fs::path(R) / "nvvm" / "libdevice" / "libdevice.10.bc";
    std::error_code EC;
    if (fs::exists(P, EC))
      return P.string();
  }
  return "";
}

} // namespace pykc::driver
