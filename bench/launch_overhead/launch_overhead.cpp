//===- launch_overhead.cpp - Typed launches against bare cuLaunchKernel ---===//
//
// How much the generated header and the runtime add to a launch: the time
// to issue `kernels::touch4[{1, 32}](a, b, c, d)` (four arrays, twelve
// kernel parameters) against a bare cuLaunchKernel of the same image (the
// object's own GPU code, loaded with cuModuleLoadData) in the same process
// and context. Each round issues Launches launches back to back and
// synchronizes after every 500 (the clock stopped while the GPU drains
// them, so the launch queue never fills and the time is the calling
// thread's); rounds of the two alternate so drift hits both;
// medians are reported with their ratio. The typed launch is measured twice:
// with the device's primary context current on the thread (a program that
// only uses pykc, after its first call) and with another context current,
// where the runtime pushes and pops its own around every launch. A second
// measurement is launch + synchronize latency. On the CPU device the typed
// launch is measured against a direct call of the kernel's block entry.
//
// Usage: launch_overhead [launches per round] [rounds]
// Prints a table, then CSV lines starting with "csv,".
//
//===----------------------------------------------------------------------===//
#include "kernels.h"

#include "../common/DriverApi.h"

#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

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
      E.cpu_blocks(Params, &Ctx, 0, 1);
  };
  Typed(1000);
  std::vector<double> T, D;
  for (int R = 0; R < Rounds; ++R) {
    T.push_back(nsPerCall(Launches, Typed));
    D.push_back(nsPerCall(Launches, Direct));
  }
  std::printf("CPU backend (%d launches a round, %d rounds, medians):\n",
              Launches, Rounds);
  std::printf("  kernels::touch[{1, 32}](a)  %8.1f ns/launch\n", median(T));
  std::printf("  touch__cpu_blocks(args, ctx) %7.1f ns/call\n", median(D));
  std::printf("  dispatch overhead           %8.1f ns/launch\n",
              median(T) - median(D));
}

int main(int Argc, char **Argv) {
  int Launches = Argc > 1 ? std::atoi(Argv[1]) : 10000;
  int Rounds = Argc > 2 ? std::atoi(Argv[2]) : 15;
  cpuOverhead(Launches, Rounds);
  bench::Driver Cu;
  if (!pykc::cuda_available() || !Cu.open()) {
    std::printf("GPU: skipped: no usable GPU (%s)\n",
                pykc::cuda_unavailable_reason().c_str());
    return 0;
  }
  pykc::select_device(0);
  std::printf("device: %s (sm_%d%d)\n", pykc::current_device().Name.c_str(),
              pykc::current_device().ComputeCapabilityMajor,
              pykc::current_device().ComputeCapabilityMinor);

  auto A = pykc::device_array<float>(32), B = pykc::device_array<float>(32),
       C = pykc::device_array<float>(32), D = pykc::device_array<float>(32);
  kernels::compiled_module().load(); // both sides start with a loaded module
  kernels::touch4[{1, 32}](A, B, C, D);
  pykc::synchronize();

  // The bare side: the same image and the primary context the runtime uses.
  Cu.usePrimaryContext();
  CUcontext Primary;
  bench::check(Cu.cuCtxGetCurrent(&Primary), "cuCtxGetCurrent");
  CUdevice Dev;
  bench::check(Cu.cuDeviceGet(&Dev, 0), "cuDeviceGet");
  // Another context on the same device, current while the typed launches
  // of the "foreign context" rows run.
  CUcontext Foreign;
  bench::check(Cu.cuCtxCreate(&Foreign, 0, Dev), "cuCtxCreate");
  bench::check(Cu.cuCtxSetCurrent(Primary), "cuCtxSetCurrent");
  const pykc_module_image &Image = kernels::compiled_module().image();
  CUmodule Module;
  bench::check(Cu.cuModuleLoadData(&Module, Image.images[0].data),
               "cuModuleLoadData");
  const pykc_kernel_entry *Touch4 = nullptr;
  for (uint32_t K = 0; K < Image.num_kernels; ++K)
    if (std::string(Image.kernels[K].name) == "touch4")
      Touch4 = &Image.kernels[K];
  CUfunction Fn;
  bench::check(Cu.cuModuleGetFunction(&Fn, Module, Touch4->symbol),
               "cuModuleGetFunction");
  void *Data[4] = {A.data(), B.data(), C.data(), D.data()};
  int64_t Shape = 32, Stride = sizeof(float);
  void *Params[12];
  for (int K = 0; K < 4; ++K) {
    Params[3 * K] = &Data[K];
    Params[3 * K + 1] = &Shape;
    Params[3 * K + 2] = &Stride;
  }
  auto Bare = [&] {
    bench::check(
        Cu.cuLaunchKernel(Fn, 1, 1, 1, 32, 1, 1, 0, nullptr, Params, nullptr),
        "cuLaunchKernel");
  };
  auto Typed = [&] { kernels::touch4[{1, 32}](A, B, C, D); };
  // Host time to issue N launches, in chunks of Chunk with the clock
  // stopped while the GPU drains each chunk: the launch queue never fills,
  // so this is what a launch costs the calling thread, not how fast the GPU
  // runs tiny kernels.
  constexpr int Chunk = 500;
  auto Batch = [&](auto Launch, CUcontext Current) {
    return [&, Launch, Current](int N) {
      double Ns = 0;
      for (int Done = 0; Done < N; Done += Chunk) {
        bench::check(Cu.cuCtxSetCurrent(Current), "cuCtxSetCurrent");
        auto Start = std::chrono::steady_clock::now();
        for (int I = 0; I < Chunk; ++I)
          Launch();
        auto End = std::chrono::steady_clock::now();
        Ns += std::chrono::duration<double, std::nano>(End - Start).count();
        bench::check(Cu.cuCtxSetCurrent(Primary), "cuCtxSetCurrent");
        bench::check(Cu.cuCtxSynchronize(), "cuCtxSynchronize");
      }
      return Ns / N;
    };
  };
  auto SyncEach = [&](auto Launch, CUcontext Current) {
    return [&, Launch, Current](int N) {
      bench::check(Cu.cuCtxSetCurrent(Current), "cuCtxSetCurrent");
      for (int I = 0; I < N; ++I) {
        Launch();
        pykc::synchronize();
      }
      bench::check(Cu.cuCtxSetCurrent(Primary), "cuCtxSetCurrent");
    };
  };
  auto TypedBatch = Batch(Typed, Primary);
  auto ForeignBatch = Batch(Typed, Foreign);
  auto BareBatch = Batch(Bare, Primary);
  auto TypedSync = SyncEach(Typed, Primary);
  auto BareSync = SyncEach(Bare, Primary);
  TypedBatch(1000); // warm up every path
  ForeignBatch(1000);
  BareBatch(1000);

  std::vector<double> T, F, Bv, TS, BS;
  for (int R = 0; R < Rounds; ++R) {
    T.push_back(TypedBatch(Launches));
    F.push_back(ForeignBatch(Launches));
    Bv.push_back(BareBatch(Launches));
    TS.push_back(nsPerCall(Launches / 10, TypedSync));
    BS.push_back(nsPerCall(Launches / 10, BareSync));
  }
  double Tm = median(T), Fm = median(F), Bm = median(Bv), TSm = median(TS),
         BSm = median(BS);
  std::printf("host time to issue a launch (%d launches a round in chunks of "
              "%d, %d rounds, "
              "medians):\n",
              Launches, Chunk, Rounds);
  std::printf("  kernels::touch4[{1, 32}](a, b, c, d)        %8.1f ns/launch\n",
              Tm);
  std::printf("  same, another context current (push/pop)   %8.1f ns/launch\n",
              Fm);
  std::printf("  cuLaunchKernel                             %8.1f ns/launch\n",
              Bm);
  std::printf("  ratio typed / bare                         %8.2f\n", Tm / Bm);
  std::printf("  ratio push/pop typed / bare                %8.2f\n", Fm / Bm);
  std::printf("launch + synchronize latency:\n");
  std::printf("  kernels::touch4 + synchronize              %8.1f ns\n", TSm);
  std::printf("  cuLaunchKernel + synchronize               %8.1f ns\n", BSm);
  std::printf("  ratio typed / bare                         %8.2f\n",
              TSm / BSm);
  std::printf("csv,what,ns_per_launch\n");
  std::printf("csv,typed_issue,%.1f\ncsv,typed_issue_push_pop,%.1f\ncsv,bare_"
              "issue,%.1f\n",
              Tm, Fm, Bm);
  std::printf("csv,typed_launch_sync,%.1f\ncsv,bare_launch_sync,%.1f\n", TSm,
              BSm);
  return 0;
}
