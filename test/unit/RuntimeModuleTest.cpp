//===- RuntimeModuleTest.cpp - Compiled modules and typed launches --------===//
//
// A pykc_module_image written by hand, as `pykc -c` emits one, launched
// through pykc::PendingLaunch the way generated headers do: the lazy,
// once-per-device load under concurrent first launches, argument
// flattening, layout checks and the errors for damaged registrations.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace pykc;

extern "C" {

/// add(a: int64[:], v: int32): a[i] += v, one thread a call.
static void add__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
  char *Data = *static_cast<char **>(Args[0]);
  int64_t N = *static_cast<int64_t *>(Args[1]);
  int64_t Stride = *static_cast<int64_t *>(Args[2]);
  int32_t V = *static_cast<int32_t *>(Args[3]);
  if (I < N)
    *reinterpret_cast<int64_t *>(Data + I * Stride) += V;
}

/// first(m: float32[:, ::1], out: float32[:]): out[0] = m[0, 1].
static void first__cpu(void **Args, pykc_cpu_context *) {
  char *M = *static_cast<char **>(Args[0]);
  int64_t Stride1 = *static_cast<int64_t *>(Args[4]);
  char *Out = *static_cast<char **>(Args[5]);
  *reinterpret_cast<float *>(Out) = *reinterpret_cast<float *>(M + Stride1);
}
}

namespace {

const char *AddNames[] = {"a", "v"};
const char *AddTypes[] = {"int64[:]", "int32"};
const char *FirstNames[] = {"m", "out"};
const char *FirstTypes[] = {"float32[:, ::1]", "float32[:]"};

const pykc_kernel_entry Kernels[] = {
    {"add", "add", "(a: int64[:], v: int32)", 2, 4, 0, 0, 0, add__cpu, nullptr, AddNames,
     AddTypes, 0, 0},
    {"first", "first", "(m: float32[:, ::1], out: float32[:])", 2, 8, 0, 0, 0, first__cpu,
     nullptr, FirstNames, FirstTypes, 0, 0},
    {"gpu_only", "gpu_only", "()", 0, 0, 0, 0, 0, nullptr, nullptr, nullptr, nullptr, 0, 0},
};

const pykc_module_image Image = {
    PYKC_MODULE_ABI_VERSION, 0, 3, 0, "unit", "unit.py", nullptr, Kernels, 1, 0};
constinit Module UnitModule{Image};

const pykc_module_image OldImage = {
    PYKC_MODULE_ABI_VERSION + 1, 0, 3, 0, "old", "old.py", nullptr, Kernels, 1, 0};
constinit Module OldModule{OldImage};

/// What a generated header writes for the kernels above.
struct Launch : PendingLaunch {
  using PendingLaunch::PendingLaunch;
  void add(const DeviceArray<int64_t, 1> &A, int32_t V) const { run(0, A, V); }
  void first(const DeviceArray<float, 2> &M, const DeviceArray<float, 1> &Out) const {
    run(1, requireLayout<Layout::C>(M, 1, 0), Out);
  }
  void gpuOnly() const { run(2); }
};

} // namespace

TEST(RuntimeModule, ConcurrentFirstLaunchesAllRun) {
  select_device(cpu_device_id());
  constexpr int Threads = 8;
  std::vector<DeviceArray<int64_t, 1>> Arrays;
  for (int T = 0; T < Threads; ++T)
    Arrays.push_back(to_device(std::vector<int64_t>(100, T)));
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] { Launch(UnitModule, {2, 64}).add(Arrays[T], 10 * T); });
  for (std::thread &W : Workers)
    W.join();
  for (int T = 0; T < Threads; ++T)
    EXPECT_EQ(Arrays[T].copy_to_host(), std::vector<int64_t>(100, 11 * T)) << "thread " << T;
}

TEST(RuntimeModule, LayoutIsCheckedBeforeLaunching) {
  select_device(cpu_device_id());
  std::vector<float> Host = {1, 2, 3, 4, 5, 6};
  auto C = to_device(Host.data(), std::array<int64_t, 2>{2, 3}, Order::C);
  auto F = to_device(Host.data(), std::array<int64_t, 2>{2, 3}, Order::F);
  auto Out = device_array<float>(1);
  Launch(UnitModule, {1, 1}).first(C, Out);
  EXPECT_EQ(Out.copy_to_host(), std::vector<float>{2});
  try {
    Launch(UnitModule, {1, 1}).first(F, Out);
    FAIL() << "an F-order array passed a C-layout parameter";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::InvalidValue);
    EXPECT_STREQ(E.what(), "pykc: parameter 'm' (float32[:, ::1]) of kernel "
                           "'unit.first(m: float32[:, ::1], out: float32[:])' needs an array "
                           "in C order (row-major) but was given a Fortran-order array; "
                           "allocate it with that order, or compile the kernel for any "
                           "layout (e.g. float32[:, :])");
  }
}

TEST(RuntimeModule, KernelWithoutCpuCodeSaysSo) {
  select_device(cpu_device_id());
  try {
    Launch(UnitModule, {1, 1}).gpuOnly();
    FAIL() << "launched a kernel without CPU code";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::NoDevice);
    EXPECT_STREQ(E.what(), "pykc: kernel 'gpu_only' of module 'unit' has no CPU code; "
                           "recompile the module with pykc -c (which always includes it) "
                           "or run on a GPU");
  }
}

TEST(RuntimeModule, OtherAbiVersionIsRefused) {
  select_device(cpu_device_id());
  auto A = to_device(std::vector<int64_t>(4, 0));
  for (int Attempt = 0; Attempt < 2; ++Attempt) { // a failed load is retried
    try {
      Launch(OldModule, {1, 4}).add(A, 1);
      FAIL() << "loaded a module of another ABI version";
    } catch (const Error &E) {
      EXPECT_EQ(E.code(), ErrorCode::ModuleLoad);
      EXPECT_STREQ(E.what(), "pykc: module 'old' was compiled for module ABI version 5 but "
                             "this runtime reads version 4; recompile it with the pykc that "
                             "matches this runtime");
    }
  }
  EXPECT_EQ(A.copy_to_host(), std::vector<int64_t>(4, 0));
}

TEST(RuntimeModule, LaunchConfigTakesAnyIntegersAndRejectsNegatives) {
  size_t Blocks = 3;
  long Threads = 32;
  LaunchConfig C{Blocks, Threads};
  EXPECT_EQ(C.Grid, Dim3(3));
  EXPECT_EQ(C.Block, Dim3(32));
  EXPECT_EQ((LaunchConfig{Dim3{2, 3}, 4, 128}.DynamicSharedBytes), 128u);
  EXPECT_THROW((Dim3{-1, 2}), Error);
  EXPECT_THROW((Dim3{uint64_t(1) << 33}), Error);
  int Negative = -4;
  EXPECT_THROW((LaunchConfig{1, 1, Negative}), Error);
}
