//===- launch_overhead.cpp - Typed launches against bare cuLaunchKernel ---===//
//
// How much the generated header and the runtime add to a launch: the time
// to issue `kernels::touch[{1, 32}](array)` against a bare cuLaunchKernel
// of the same image (the object's own GPU code, loaded with
// cuModuleLoadData) in the same process and context. Each round issues
// Launches launches back to back and synchronizes once; rounds of the two
// alternate so drift hits both; medians are reported with their ratio.
// A second measurement is launch + synchronize latency. On the CPU device
// the typed launch is measured against a direct call of the kernel's block
// entry.
//
// Usage: launch_overhead [launches per round] [rounds]
//
//===----------------------------------------------------------------------===//
#include "kernels.h"

#include <pykc/Runtime.h>

#include <cuda.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

namespace {

/// The driver functions the bare side calls, from libcuda.so.1 opened at
/// run time like the runtime does, so the benchmark runs (its CPU part)
/// where there is no driver.
struct Driver {
#define PYKC_CU(Name) decltype(&::Name) Name = nullptr;
  PYKC_CU(cuInit)
  PYKC_CU(cuDeviceGet)
  PYKC_CU(cuDevicePrimaryCtxRetain)
  PYKC_CU(cuCtxSetCurrent)
  PYKC_CU(cuModuleLoadData)
  PYKC_CU(cuModuleGetFunction)
  PYKC_CU(cuMemAlloc)
  PYKC_CU(cuLaunchKernel)
  PYKC_CU(cuCtxSynchronize)
#undef PYKC_CU

  bool open() {
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!Lib)
      return false;
    auto Get = [&](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(dlsym(Lib, Name));
      return Fn != nullptr;
    };
    return Get(cuInit, "cuInit") && Get(cuDeviceGet, "cuDeviceGet") &&
           Get(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
           Get(cuCtxSetCurrent, "cuCtxSetCurrent") &&
           Get(cuModuleLoadData, "cuModuleLoadData") &&
           Get(cuModuleGetFunction, "cuModuleGetFunction") &&
           Get(cuMemAlloc, "cuMemAlloc_v2") && Get(cuLaunchKernel, "cuLaunchKernel") &&
           Get(cuCtxSynchronize, "cuCtxSynchronize");
  }
};

void check(CUresult R, const char *Call) {
  if (R == CUDA_SUCCESS)
    return;
  std::fprintf(stderr, "launch_overhead: %s failed with CUresult %d\n", Call, int(R));
  std::exit(1);
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

template <typename F> double nsPerCall(int Calls, F &&Body) {
  auto Start = std::chrono::steady_clock::now();
  Body(Calls);
  auto End = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(End - Start).count() / Calls;
}

} // namespace

/// The CPU backend's share: a typed launch of one 32-thread block on the
/// CPU device against calling the kernel's block entry directly (what the
/// launch ends up doing), so the difference is the header's and runtime's
/// dispatch.
void cpuOverhead(int Launches, int Rounds) {
  pykc::select_device(pykc::cpu_device_id());
  auto A = pykc::device_array<float>(32);
  const pykc_kernel_entry &E = kernels::compiled_module().kernel(0);
  void *Data = A.data();
  int64_t Shape = 32, Stride = sizeof(float);
  void *Params[] = {&Data, &Shape, &Stride};
  pykc_cpu_context Ctx{};
  for (int I = 0; I < 3; ++I)
    Ctx.block_dim[I] = Ctx.grid_dim[I] = 1;
  Ctx.block_dim[0] = 32;
  auto Typed = [&](int N) {
    for (int I = 0; I < N; ++I)
      kernels::touch[{1, 32}](A);
  };
  auto Direct = [&](int N) {
    for (int I = 0; I < N; ++I)
      E.cpu_block(Params, &Ctx);
  };
  Typed(1000);
  std::vector<double> T, D;
  for (int R = 0; R < Rounds; ++R) {
    T.push_back(nsPerCall(Launches, Typed));
    D.push_back(nsPerCall(Launches, Direct));
  }
  std::printf("CPU backend (%d launches a round, %d rounds, medians):\n", Launches, Rounds);
  std::printf("  kernels::touch[{1, 32}](a)  %8.1f ns/launch\n", median(T));
  std::printf("  touch__cpu_block(args, ctx) %8.1f ns/call\n", median(D));
  std::printf("  dispatch overhead           %8.1f ns/launch\n", median(T) - median(D));
}

int main(int Argc, char **Argv) {
  int Launches = Argc > 1 ? std::atoi(Argv[1]) : 20000;
  int Rounds = Argc > 2 ? std::atoi(Argv[2]) : 15;
  cpuOverhead(Launches, Rounds);
  Driver Cu;
  if (!pykc::cuda_available() || !Cu.open()) {
    std::printf("GPU: skipped: no usable GPU (%s)\n", pykc::cuda_unavailable_reason().c_str());
    return 0;
  }
  pykc::select_device(0);
  std::printf("device: %s (sm_%d%d)\n", pykc::current_device().Name.c_str(),
              pykc::current_device().ComputeCapabilityMajor,
              pykc::current_device().ComputeCapabilityMinor);

  auto Typed = pykc::device_array<float>(32);
  kernels::compiled_module().load(); // both sides start with a loaded module
  kernels::touch[{1, 32}](Typed);
  pykc::synchronize();

  // The bare side: the same image and the primary context the runtime uses.
  check(Cu.cuInit(0), "cuInit");
  CUdevice Dev;
  check(Cu.cuDeviceGet(&Dev, 0), "cuDeviceGet");
  CUcontext Ctx;
  check(Cu.cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain");
  check(Cu.cuCtxSetCurrent(Ctx), "cuCtxSetCurrent");
  const pykc_module_image &Image = kernels::compiled_module().image();
  CUmodule Module;
  check(Cu.cuModuleLoadData(&Module, Image.images[0].data), "cuModuleLoadData");
  CUfunction Fn;
  check(Cu.cuModuleGetFunction(&Fn, Module, Image.kernels[0].symbol), "cuModuleGetFunction");
  CUdeviceptr Data;
  check(Cu.cuMemAlloc(&Data, 32 * sizeof(float)), "cuMemAlloc");
  int64_t Shape = 32, Stride = sizeof(float);
  void *Params[] = {&Data, &Shape, &Stride};

  auto TypedBatch = [&](int N) {
    for (int I = 0; I < N; ++I)
      kernels::touch[{1, 32}](Typed);
    pykc::synchronize();
  };
  auto BareBatch = [&](int N) {
    for (int I = 0; I < N; ++I)
      check(Cu.cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr), "cuLaunchKernel");
    check(Cu.cuCtxSynchronize(), "cuCtxSynchronize");
  };
  auto TypedSync = [&](int N) {
    for (int I = 0; I < N; ++I) {
      kernels::touch[{1, 32}](Typed);
      pykc::synchronize();
    }
  };
  auto BareSync = [&](int N) {
    for (int I = 0; I < N; ++I) {
      check(Cu.cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr), "cuLaunchKernel");
      check(Cu.cuCtxSynchronize(), "cuCtxSynchronize");
    }
  };
  TypedBatch(1000); // warm up both paths
  BareBatch(1000);

  std::vector<double> T, B, TS, BS;
  for (int R = 0; R < Rounds; ++R) {
    T.push_back(nsPerCall(Launches, TypedBatch));
    B.push_back(nsPerCall(Launches, BareBatch));
    TS.push_back(nsPerCall(Launches / 10, TypedSync));
    BS.push_back(nsPerCall(Launches / 10, BareSync));
  }
  std::printf("issue rate (%d launches a round, %d rounds, medians):\n", Launches, Rounds);
  std::printf("  kernels::touch[{1, 32}](a)  %8.1f ns/launch\n", median(T));
  std::printf("  cuLaunchKernel              %8.1f ns/launch\n", median(B));
  std::printf("  ratio typed / bare          %8.2f\n", median(T) / median(B));
  std::printf("launch + synchronize latency:\n");
  std::printf("  kernels::touch + synchronize %7.1f ns\n", median(TS));
  std::printf("  cuLaunchKernel + cuCtxSynchronize %7.1f ns\n", median(BS));
  std::printf("  ratio typed / bare          %8.2f\n", median(TS) / median(BS));
  return 0;
}
