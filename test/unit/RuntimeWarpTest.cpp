//===- RuntimeWarpTest.cpp - The CPU device's warps -----------------------===//
//
// Warp-level meeting points of the CPU backend (CpuABI.h): 32 consecutive
// threads of a block form a warp, a partial warp ends a block whose size is
// not a multiple of 32, lanes meet per mask, returned lanes are not waited
// for. The kernels are hand-written with the CpuABI signature, as compiled
// kernels call the runtime.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace pykc;

namespace {

int64_t &out(void **Args, int64_t I) {
  char *Data = *static_cast<char **>(Args[0]);
  return *reinterpret_cast<int64_t *>(Data + I * *static_cast<int64_t *>(Args[2]));
}

int64_t linear(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
}

} // namespace

extern "C" {

/// out[i] = the value lane (lane + 1) % 32 published: i * 10 of that lane.
void rotate__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = linear(Ctx);
  uint32_t Lane = Ctx->thread_idx[0] % 32;
  out(Args, I) = int64_t(pykc_cpu_warp_shuffle(Ctx, ~0u, uint64_t(I * 10), (Lane + 1) % 32));
}

/// Threads 40 and up return first; the rest vote on i % 3 == 0.
void ballot__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = linear(Ctx);
  if (Ctx->thread_idx[0] >= 40)
    return;
  out(Args, I) = int64_t(pykc_cpu_warp_ballot(Ctx, ~0u, I % 3 == 0));
}

/// The two half-warps exchange separately, at different call sites, with
/// their own masks; then the block meets at a barrier and each thread reads
/// what its partner lane wrote to shared memory.
void halves__cpu(void **Args, pykc_cpu_context *Ctx) {
  auto *Shared = static_cast<int64_t *>(Ctx->shared_memory);
  uint32_t T = Ctx->thread_idx[0], Lane = T % 32;
  uint64_t Got;
  if (Lane < 16)
    Got = pykc_cpu_warp_shuffle(Ctx, 0x0000ffffu, T, Lane ^ 1);
  else
    Got = pykc_cpu_warp_shuffle(Ctx, 0xffff0000u, T + 1000, Lane ^ 1);
  Shared[T] = int64_t(Got);
  pykc_cpu_barrier(Ctx);
  out(Args, T) = Shared[T ^ 1] * 100000 + int64_t(pykc_cpu_warp_active(Ctx));
}

/// Threads 50 and up return; the rest reduce predicates at three barriers.
void counts__cpu(void **Args, pykc_cpu_context *Ctx) {
  uint32_t T = Ctx->thread_idx[0];
  if (T >= 50)
    return;
  int64_t Count = pykc_cpu_barrier_reduce(Ctx, PYKC_CPU_REDUCE_COUNT, T % 4 == 0);
  int64_t All = pykc_cpu_barrier_reduce(Ctx, PYKC_CPU_REDUCE_AND, T < 100);
  int64_t Any = pykc_cpu_barrier_reduce(Ctx, PYKC_CPU_REDUCE_OR, T == 7);
  int64_t None = pykc_cpu_barrier_reduce(Ctx, PYKC_CPU_REDUCE_OR, 0);
  out(Args, T) = Count * 1000 + All * 100 + Any * 10 + None;
}

/// The lower half of each warp syncs with the whole warp while the upper
/// half waits at the block barrier: they can never meet.
void stuck__cpu(void **, pykc_cpu_context *Ctx) {
  if (Ctx->thread_idx[0] % 32 < 16)
    pykc_cpu_warp_sync(Ctx, ~0u);
  else
    pykc_cpu_barrier(Ctx);
}

} // extern "C"

namespace {

class RuntimeWarp : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }
};

TEST_F(RuntimeWarp, ShuffleReadsTheSourceLaneAndPartialWarpsKeepTheirOwn) {
  const int Blocks = 3, Threads = 48; // warps of 32 and 16 lanes
  auto A = device_array<int64_t>(Blocks * Threads);
  KernelArgs Args(A);
  launch({"rotate", nullptr, rotate__cpu, 0, true}, {Blocks, Threads}, Args.data());
  auto Out = A.copy_to_host();
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Threads; ++T) {
      int64_t I = B * Threads + T, First = B * Threads + T / 32 * 32;
      int Lane = T % 32, Src = (Lane + 1) % 32;
      // Lane 15 of the 16-lane warp asks for lane 16, which does not exist.
      int64_t Expected = T / 32 * 32 + Src < Threads ? (First + Src) * 10 : I * 10;
      ASSERT_EQ(Out[I], Expected) << "block " << B << " thread " << T;
    }
}

TEST_F(RuntimeWarp, BallotCountsOnlyLiveLanes) {
  const int Threads = 64;
  auto A = device_array<int64_t>(Threads);
  KernelArgs Args(A);
  launch({"ballot", nullptr, ballot__cpu, 0, true}, {1, Threads}, Args.data());
  auto Out = A.copy_to_host();
  // High half: the lanes that voted (warp 1 has 8 live lanes).
  uint64_t Warp0 = 0xffffffffull << 32, Warp1 = 0xffull << 32;
  for (int L = 0; L < 32; ++L) {
    if (L % 3 == 0)
      Warp0 |= 1u << L;
    if (32 + L < 40 && (32 + L) % 3 == 0)
      Warp1 |= 1u << L;
  }
  for (int T = 0; T < 40; ++T)
    ASSERT_EQ(uint64_t(Out[T]), T < 32 ? Warp0 : Warp1) << "thread " << T;
}

TEST_F(RuntimeWarp, MasksMeetSeparately) {
  const int Threads = 64;
  auto A = device_array<int64_t>(Threads);
  KernelArgs Args(A);
  launch({"halves", nullptr, halves__cpu, Threads * 8, true}, {1, Threads}, Args.data());
  auto Out = A.copy_to_host();
  for (int T = 0; T < Threads; ++T) {
    // Thread T^1 read lane (T^1)^1 = T's value: T, or T + 1000 in upper halves.
    int64_t Partner = (T % 32 < 16 ? T : T + 1000);
    ASSERT_EQ(Out[T], Partner * 100000 + int64_t(0xffffffffu)) << "thread " << T;
  }
}

TEST_F(RuntimeWarp, BarriersReducePredicatesOfLiveThreads) {
  auto A = device_array<int64_t>(64);
  KernelArgs Args(A);
  launch({"counts", nullptr, counts__cpu, 0, true}, {2, 64}, Args.data());
  auto Out = A.copy_to_host();
  for (int T = 0; T < 50; ++T) // 0, 4, ..., 48: 13 threads
    ASSERT_EQ(Out[T], 13 * 1000 + 100 + 10 + 0) << "thread " << T;
}

TEST_F(RuntimeWarp, BarriersThatCannotMeetAreReported) {
  try {
    launch({"stuck", nullptr, stuck__cpu, 0, true}, {2, 64}, nullptr);
    synchronize();
    FAIL() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("threads of a block wait at barriers that can never all be reached"),
              std::string::npos)
        << E.what();
  }
}

} // namespace
