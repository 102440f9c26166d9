//===- RuntimeGridSyncTest.cpp - Grid barriers on the CPU device ----------===//
//
// pykc_cpu_grid_sync (cuda.cg.this_grid().sync()) in cooperative launches:
// every block runs at once, a thread passes the barrier only when every
// thread of the grid reached it or returned, repeatedly, with one-thread
// blocks (run without fibers) and with blocks of many threads; a block
// that returns before a grid barrier the others reach is a deadlock (a GPU
// hangs), reported; a launch that was not made cooperative is reported
// instead of giving wrong values.
// The kernels are hand-written with the CpuABI signature.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace pykc;

namespace {

int64_t &element(void **Args, unsigned Array, int64_t I) {
  // Each 1-d array argument is three slots: data, extent, stride.
  char *Data = *static_cast<char **>(Args[3 * Array]);
  return *reinterpret_cast<int64_t *>(Data + I * *static_cast<int64_t *>(Args[3 * Array + 2]));
}

int64_t threads(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->grid_dim[0]) * Ctx->block_dim[0];
}

int64_t linear(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
}

} // namespace

extern "C" {

/// Three rounds: each thread reads what the mirrored thread (in another
/// block) wrote in the round before, so a barrier letting anyone through
/// early shows as a stale value.
void mirror__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t N = threads(Ctx), I = linear(Ctx);
  element(Args, 0, I) = I;
  for (int Round = 1; Round <= 3; ++Round) {
    pykc_cpu_grid_sync(Ctx);
    int64_t Seen = element(Args, 0, N - 1 - I);
    pykc_cpu_grid_sync(Ctx);
    element(Args, 0, I) = Seen + 1000;
  }
  pykc_cpu_grid_sync(Ctx);
  element(Args, 1, I) = element(Args, 0, I);
}

/// Block 1 returns at once, while the others go on to the grid barrier.
void early__cpu(void **Args, pykc_cpu_context *Ctx) {
  if (Ctx->block_idx[0] == 1)
    return;
  int64_t I = linear(Ctx);
  element(Args, 0, I) = 7;
  pykc_cpu_grid_sync(Ctx);
  element(Args, 1, I) = element(Args, 0, threads(Ctx) - 1 - I);
}

} // extern "C"

namespace {

class RuntimeGridSync : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }

  static KernelImage image(const char *Name, pykc_cpu_kernel_fn Fn, bool Cooperative) {
    KernelImage K{Name, nullptr, Fn, 0, true};
    K.Cooperative = Cooperative;
    return K;
  }
};

/// Round r gives thread i what thread N-1-i held after round r-1, plus
/// 1000: i, then N-1-i + 1000, i + 2000, and N-1-i + 3000 after round 3.
void expectMirrored(const std::vector<int64_t> &Out, int64_t N) {
  for (int64_t I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], N - 1 - I + 3000) << "thread " << I;
}

TEST_F(RuntimeGridSync, BlocksOfManyThreadsMeetEveryRound) {
  const int Blocks = 6, Threads = 48;
  auto A = device_array<int64_t>(Blocks * Threads), B = device_array<int64_t>(Blocks * Threads);
  KernelArgs Args(A, B);
  launch(image("mirror", mirror__cpu, true), {Blocks, Threads}, Args.data());
  expectMirrored(B.copy_to_host(), Blocks * Threads);
}

TEST_F(RuntimeGridSync, OneThreadBlocksMeetEveryRound) {
  const int Blocks = 40;
  auto A = device_array<int64_t>(Blocks), B = device_array<int64_t>(Blocks);
  KernelArgs Args(A, B);
  launch(image("mirror", mirror__cpu, true), {Blocks, 1}, Args.data());
  expectMirrored(B.copy_to_host(), Blocks);
}

TEST_F(RuntimeGridSync, ABlockReturningBeforeTheGridBarrierIsADeadlock) {
  // A GPU's grid barrier counts every block of the launch, so the others
  // would wait for block 1 forever; the CPU device reports it instead.
  const int Blocks = 3, Threads = 4, N = Blocks * Threads;
  auto A = to_device(std::vector<int64_t>(N, -1)), B = to_device(std::vector<int64_t>(N, -1));
  KernelArgs Args(A, B);
  try {
    launch(image("early", early__cpu, true), {Blocks, Threads}, Args.data());
    synchronize();
    FAIL() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("kernel 'early' deadlocks: block (1, 0, 0) returned "
                                          "while other blocks wait at the grid barrier"),
              std::string::npos)
        << E.what();
  }
}

TEST_F(RuntimeGridSync, LaunchesNotMadeCooperativeAreReported) {
  auto A = device_array<int64_t>(8), B = device_array<int64_t>(8);
  KernelArgs Args(A, B);
  try {
    launch(image("mirror", mirror__cpu, false), {2, 4}, Args.data());
    synchronize();
    FAIL() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("its KernelImage says Cooperative = false"),
              std::string::npos)
        << E.what();
  }
}

} // namespace
