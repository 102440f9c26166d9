//===- launch_overhead.cpp - Typed launches against bare cuLaunchKernel ---===//
//
// How much the generated header and the runtime add to a launch: the time
// to issue `kernels::touch[{1, 32}](array)` against a bare cuLaunchKernel
// of the same image (the object's own GPU code, loaded with
// cuModuleLoadData) in the same process and context. Each round issues
// Launches launches back to back and synchronizes once; rounds of the two
// alternate so drift hits both; medians are reported with their ratio.
// A second measurement is launch + synchronize latency.
//
// Usage: launch_overhead [launches per round] [rounds]
//
//===----------------------------------------------------------------------===//
#include "kernels.h"

#include <pykc/Runtime.h>

#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(CUresult R, const char *Call) {
  if (R == CUDA_SUCCESS)
    return;
  const char *Name = nullptr;
  cuGetErrorName(R, &Name);
  std::fprintf(stderr, "launch_overhead: %s failed: %s\n", Call, Name ? Name : "?");
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

int main(int Argc, char **Argv) {
  int Launches = Argc > 1 ? std::atoi(Argv[1]) : 20000;
  int Rounds = Argc > 2 ? std::atoi(Argv[2]) : 15;
  if (!pykc::cuda_available()) {
    std::printf("launch_overhead: skipped: no GPU (%s)\n", pykc::cuda_unavailable_reason().c_str());
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
  check(cuInit(0), "cuInit");
  CUdevice Dev;
  check(cuDeviceGet(&Dev, 0), "cuDeviceGet");
  CUcontext Ctx;
  check(cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(Ctx), "cuCtxSetCurrent");
  const pykc_module_image &Image = kernels::compiled_module().image();
  CUmodule Module;
  check(cuModuleLoadData(&Module, Image.images[0].data), "cuModuleLoadData");
  CUfunction Fn;
  check(cuModuleGetFunction(&Fn, Module, Image.kernels[0].symbol), "cuModuleGetFunction");
  CUdeviceptr Data;
  check(cuMemAlloc(&Data, 32 * sizeof(float)), "cuMemAlloc");
  int64_t Shape = 32, Stride = sizeof(float);
  void *Params[] = {&Data, &Shape, &Stride};

  auto TypedBatch = [&](int N) {
    for (int I = 0; I < N; ++I)
      kernels::touch[{1, 32}](Typed);
    pykc::synchronize();
  };
  auto BareBatch = [&](int N) {
    for (int I = 0; I < N; ++I)
      check(cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr), "cuLaunchKernel");
    check(cuCtxSynchronize(), "cuCtxSynchronize");
  };
  auto TypedSync = [&](int N) {
    for (int I = 0; I < N; ++I) {
      kernels::touch[{1, 32}](Typed);
      pykc::synchronize();
    }
  };
  auto BareSync = [&](int N) {
    for (int I = 0; I < N; ++I) {
      check(cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr), "cuLaunchKernel");
      check(cuCtxSynchronize(), "cuCtxSynchronize");
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
