//===- CudaDriver.cpp - Loading libcuda.so.1 ------------------------------===//
#include "CudaDriver.h"

#include "pykc/Error.h"

#include <dlfcn.h>

using namespace pykc;
using namespace pykc::runtime::cu;

namespace {

struct Loaded {
  Driver D;
  bool Ok = false;
  std::string Error;
};

Loaded load() {
  Loaded L;
  // Never dlclose'd: the driver must outlive every array and stream.
  void *Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    const char *Msg = dlerror();
    L.Error = std::string("the CUDA driver (libcuda.so.1) could not be "
                          "loaded: ") +
              (Msg ? Msg : "unknown dlopen error") +
              "; install the NVIDIA driver";
    return L;
  }
#define PYKC_CUDA_RESOLVE(Name, Ret, Params)                                   \
  L.D.Name = reinterpret_cast<Ret(*) Params>(dlsym(Lib, #Name));               \
  if (!L.D.Name) {                                                             \
    L.Error = "the CUDA driver (libcuda.so.1) lacks " #Name                    \
              "; it is too old, update the NVIDIA driver";                     \
    return L;                                                                  \
  }
  PYKC_CUDA_FUNCTIONS(PYKC_CUDA_RESOLVE)
#undef PYKC_CUDA_RESOLVE
  L.D.cuCtxGetId = reinterpret_cast<decltype(L.D.cuCtxGetId)>(dlsym(Lib, "cuCtxGetId"));
  CUresult R = L.D.cuInit(0);
  if (R != CUDA_SUCCESS) {
    const char *Name = nullptr;
    L.D.cuGetErrorName(R, &Name);
    L.Error = std::string("cuInit failed with ") +
              (Name ? Name : std::to_string(R).c_str()) +
              " (no usable NVIDIA GPU, or the driver does not match the "
              "kernel module)";
    return L;
  }
  L.Ok = true;
  return L;
}

const Loaded &loaded() {
  static const Loaded *L = new Loaded(load()); // Thread-safe, once.
  return *L;
}

} // namespace

const Driver *pykc::runtime::cu::driver() {
  const Loaded &L = loaded();
  return L.Ok ? &L.D : nullptr;
}

const std::string &pykc::runtime::cu::driverLoadError() {
  return loaded().Error;
}

std::string pykc::runtime::cu::describe(CUresult R) {
  const Driver *D = driver();
  const char *Name = nullptr, *Text = nullptr;
  if (D) {
    D->cuGetErrorName(R, &Name);
    D->cuGetErrorString(R, &Text);
  }
  std::string S = Name ? Name : "CUDA error " + std::to_string(R);
  if (Text)
    S += std::string(" (") + Text + ")";
  return S;
}

void pykc::runtime::cu::check(CUresult R, const char *Call,
                              const std::string &Advice) {
  if (R == CUDA_SUCCESS)
    return;
  ErrorCode Code = ErrorCode::Driver;
  switch (R) {
  case CUDA_ERROR_OUT_OF_MEMORY:
    Code = ErrorCode::OutOfMemory;
    break;
  case CUDA_ERROR_INVALID_PTX:
  case CUDA_ERROR_INVALID_IMAGE:
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_NOT_FOUND:
    Code = ErrorCode::ModuleLoad;
    break;
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
  case CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE:
    Code = ErrorCode::LaunchLimit;
    break;
  case CUDA_ERROR_INVALID_VALUE:
    Code = ErrorCode::InvalidValue;
    break;
  }
  throw Error(Code,
              std::string(Call) + " failed: " + describe(R) + "; " + Advice);
}
