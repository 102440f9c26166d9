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

namespace bench {

/// cuCtxCreate as libcuda exports it under cuCtxCreate_v2 (cuda.h 13 maps
/// the plain name to a newer signature).
using CtxCreateV2 = CUresult (*)(CUcontext *, unsigned, CUdevice);

/// X(member, exported symbol, function pointer type).
#define PYKC_BENCH_DRIVER_CALLS(X)                                             \
  X(cuInit, "cuInit", decltype(&::cuInit))                                     \
  X(cuDeviceGet, "cuDeviceGet", decltype(&::cuDeviceGet))                      \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    decltype(&::cuDevicePrimaryCtxRetain))                                     \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", decltype(&::cuCtxSetCurrent))          \
  X(cuCtxGetCurrent, "cuCtxGetCurrent", decltype(&::cuCtxGetCurrent))          \
  X(cuModuleLoadData, "cuModuleLoadData", decltype(&::cuModuleLoadData))       \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    decltype(&::cuModuleGetFunction))                                          \
  X(cuMemAlloc, "cuMemAlloc_v2", decltype(&::cuMemAlloc))                      \
  X(cuLaunchKernel, "cuLaunchKernel", decltype(&::cuLaunchKernel))             \
  X(cuCtxSynchronize, "cuCtxSynchronize", decltype(&::cuCtxSynchronize))       \
  X(cuFuncGetAttribute, "cuFuncGetAttribute", decltype(&::cuFuncGetAttribute)) \
  X(cuCtxCreate, "cuCtxCreate_v2", CtxCreateV2)

struct Driver {
#define PYKC_BENCH_DECLARE(Fn, Symbol, Type) Type Fn = nullptr;
  PYKC_BENCH_DRIVER_CALLS(PYKC_BENCH_DECLARE)
#undef PYKC_BENCH_DECLARE

  /// False when libcuda.so.1 or one of the calls is missing.
  bool open() {
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!Lib)
      return false;
    bool Ok = true;
#define PYKC_BENCH_LOAD(Fn, Symbol, Type)                                      \
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
