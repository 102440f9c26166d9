//===- DriverApi.h - The CUDA driver calls the GPU benchmarks make --------===//
//
// The benchmarks' bare side (an nvcc cubin, or pykc's own image launched by
// hand) calls the driver directly. libcuda.so.1 is opened at run time, as
// the runtime does, so the benchmark programs link and run their CPU parts
// where there is no driver.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_BENCH_DRIVERAPI_H
#define PYKC_BENCH_DRIVERAPI_H

#include <cuda.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace bench {

#define PYKC_BENCH_DRIVER_CALLS(X)                                             \
  PYKC_BENCH_DRIVER_CALLS_BUT_CREATE(X)                                        \
  X(cuCtxCreate, "cuCtxCreate_v2")

#define PYKC_BENCH_DRIVER_CALLS_BUT_CREATE(X)                                  \
  X(cuInit, "cuInit")                                                          \
  X(cuDeviceGet, "cuDeviceGet")                                                \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")                      \
  X(cuCtxSetCurrent, "cuCtxSetCurrent")                                        \
  X(cuCtxGetCurrent, "cuCtxGetCurrent")                                        \
  X(cuModuleLoadData, "cuModuleLoadData")                                      \
  X(cuModuleGetFunction, "cuModuleGetFunction")                                \
  X(cuMemAlloc, "cuMemAlloc_v2")                                               \
  X(cuLaunchKernel, "cuLaunchKernel")                                          \
  X(cuCtxSynchronize, "cuCtxSynchronize")                                      \
  X(cuFuncGetAttribute, "cuFuncGetAttribute")

/// cuCtxCreate as libcuda exports it under cuCtxCreate_v2 (cuda.h 13 maps
/// the plain name to a newer signature).
using CtxCreateV2 = CUresult (*)(CUcontext *, unsigned, CUdevice);

struct Driver {
#define PYKC_BENCH_DECLARE(Fn, Symbol) Type_##Fn Fn = nullptr;
#define X(Fn, Symbol) using Type_##Fn = decltype(&::Fn);
  PYKC_BENCH_DRIVER_CALLS_BUT_CREATE(X)
#undef X
  using Type_cuCtxCreate = CtxCreateV2;
  PYKC_BENCH_DRIVER_CALLS(PYKC_BENCH_DECLARE)
#undef PYKC_BENCH_DECLARE

  /// False when libcuda.so.1 or one of the calls is missing.
  bool open() {
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!Lib)
      return false;
    bool Ok = true;
#define PYKC_BENCH_LOAD(Fn, Symbol)                                            \
  Fn = reinterpret_cast<decltype(Fn)>(dlsym(Lib, Symbol));                     \
  Ok = Ok && Fn != nullptr;
    PYKC_BENCH_DRIVER_CALLS(PYKC_BENCH_LOAD)
#undef PYKC_BENCH_LOAD
    return Ok;
  }

  /// Makes device 0's primary context (the one pykc's runtime uses)
  /// current on this thread.
  void usePrimaryContext() const;
};

/// Exits with the call's name when a driver call failed: a benchmark has no
/// way to go on.
inline void check(CUresult R, const char *Call) {
  if (R == CUDA_SUCCESS)
    return;
  std::fprintf(stderr, "benchmark: %s failed with CUresult %d\n", Call, int(R));
  std::exit(1);
}

inline void Driver::usePrimaryContext() const {
  check(cuInit(0), "cuInit");
  CUdevice Dev;
  check(cuDeviceGet(&Dev, 0), "cuDeviceGet");
  CUcontext Ctx;
  check(cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(Ctx), "cuCtxSetCurrent");
}

} // namespace bench

#endif // PYKC_BENCH_DRIVERAPI_H
