//===- RuntimeStreamReduceTest.cpp - Host arrays streamed through a device ===//
//
// The chunk arithmetic of streamed reductions (planStream, shrinkPlan), the
// CPU device's memory cap (PYKC_DEVICE_MEMORY, set_cpu_device_memory) and
// the streaming reducer itself on the CPU device under a cap: a 1 GiB int64
// array reduced exactly under 64 MiB, float32 sums within the documented
// bound, the chunks' totals combined in order with init applied once, empty
// and one-element arrays, size= shorter than the array, a failed allocation
// shrinking the chunk, a cap too small for one chunk, and a kernel failing
// mid-stream. The reduction kernels are hand-written with the CpuABI
// signature and contract of ir/Reduction.cpp's CPU kernel; `pykc reduce`
// runs the compiled ones (test/Run/reduce_stream.test).
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"
#include "runtime/lib/KernelFaults.h"

#include "CpuReduceKernel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

using namespace pykc;
using namespace pykc::test;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool Sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool Sanitized = true;
#else
constexpr bool Sanitized = false;
#endif
#else
constexpr bool Sanitized = false;
#endif

constexpr uint64_t MiB = uint64_t(1) << 20;

/// A sum that faults on the value -1 (a kernel failing mid-stream).
int64_t addOrFault(int64_t A, int64_t B) {
  if (A == -1 || B == -1)
    *reinterpret_cast<volatile int64_t *>(uintptr_t(8)) = 0;
  return A + B;
}

/// Options with init (and size), without -Wmissing-designated-field-initializers.
template <typename T>
ReduceOptions<T> withInit(T Init, std::optional<int64_t> Size = std::nullopt,
                          DeviceArray<T, 1> *Res = nullptr) {
  ReduceOptions<T> O;
  O.init = Init;
  O.size = Size;
  O.res = Res;
  return O;
}

template <typename T, T (*Op)(T, T)> ReduceKernels kernels() {
  static const KernelImage K{"stream_reduce_test", nullptr, &reduceKernel<T, Op>, 0, false};
  return ReduceKernels(K, K);
}

class StreamReduce : public ::testing::Test {
protected:
  void SetUp() override {
    select_device(cpu_device_id());
    // The scratch a reduction keeps (partials, ticket, result) is made once
    // per device and stream: here, so that the tests see only their own.
    int64_t One = 1;
    reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(&One, 1));
  }
  void TearDown() override { set_cpu_device_memory(0); }
};

} // namespace

//===----------------------------------------------------------------------===//
// The chunk arithmetic
//===----------------------------------------------------------------------===//

TEST(StreamPlanTest, AGibibyteUnder64MiBTakesThreeBuffersOfAThird) {
  StreamLimits L;
  std::string Why;
  // What reduceHost plans with: 64 MiB less 84 bytes of scratch, 512 8-byte
  // totals reserved.
  L.ReserveBytes = 512 * 8;
  auto P = planStream(uint64_t(1) << 27, 8, 64 * MiB - 84, L, Why);
  ASSERT_TRUE(P) << Why;
  EXPECT_EQ(P->ChunkElements, 2795520u); // 21840 KiB: (64 MiB - 4180) / 3, in pages
  EXPECT_EQ(P->Buffers, 3u);
  EXPECT_EQ(P->Chunks, 49u);
}

TEST(StreamPlanTest, LargeMemoryGivesTargetChunksUpToTheBound) {
  StreamLimits L;
  std::string Why;
  auto P = planStream(uint64_t(1) << 26, 4, uint64_t(1) << 40, L, Why); // 256 MiB
  ASSERT_TRUE(P);
  EXPECT_EQ(P->ChunkElements * 4, 16 * MiB);
  EXPECT_EQ(P->Chunks, 16u);
  EXPECT_EQ(P->Buffers, 3u);
  P = planStream(uint64_t(1) << 31, 4, uint64_t(1) << 40, L, Why); // 8 GiB
  ASSERT_TRUE(P);
  EXPECT_EQ(P->ChunkElements * 4, 64 * MiB);
  EXPECT_EQ(P->Chunks, 128u);
}

TEST(StreamPlanTest, SmallArraysAreOneChunk) {
  StreamLimits L;
  std::string Why;
  auto P = planStream(1000, 8, uint64_t(1) << 30, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->ChunkElements, 1000u);
  EXPECT_EQ(P->Buffers, 1u);
  EXPECT_EQ(P->Chunks, 1u);
  // Even when the device holds no more than the array.
  P = planStream(1000, 8, 8000, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Chunks, 1u);
  P = planStream(0, 8, 0, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Chunks, 0u);
}

TEST(StreamPlanTest, FewerBuffersWhenThreeChunksDoNotFit) {
  StreamLimits L;
  std::string Why;
  auto P = planStream(uint64_t(1) << 20, 8, 200 * 1024, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Buffers, 3u);
  EXPECT_EQ(P->ChunkElements * 8, 64u * 1024);
  P = planStream(uint64_t(1) << 20, 8, 150 * 1024, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Buffers, 2u);
  EXPECT_EQ(P->ChunkElements * 8, 72u * 1024);
  EXPECT_EQ(P->Chunks, 114u);
  P = planStream(uint64_t(1) << 20, 8, 100 * 1024, L, Why);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Buffers, 1u);
  EXPECT_EQ(P->ChunkElements * 8, 100u * 1024);
}

TEST(StreamPlanTest, TooLittleMemoryForOneChunkSaysWhatItNeeds) {
  StreamLimits L;
  L.ReserveBytes = 4096;
  std::string Why;
  EXPECT_FALSE(planStream(uint64_t(1) << 20, 8, 65536, L, Why));
  EXPECT_EQ(Why, "streaming 8388608 bytes needs at least 69632 bytes of device memory (one "
                 "65536-byte chunk and 4096 bytes of scratch), but 65536 are free");
}

TEST(StreamPlanTest, ShrinkingHalvesTheChunkDownToTheMinimum) {
  StreamLimits L;
  StreamPlan P{(uint64_t(1) << 20) / 8, 3, 8}; // 1 MiB chunks of an 8 MiB array
  std::vector<uint64_t> Seen;
  for (std::optional<StreamPlan> Q = P; Q; Q = shrinkPlan(*Q, uint64_t(1) << 20, 8, L))
    Seen.push_back(Q->ChunkElements * 8);
  EXPECT_EQ(Seen, (std::vector<uint64_t>{1 << 20, 1 << 19, 1 << 18, 1 << 17, 1 << 16}));
  // A one-chunk plan splits in two buffers.
  auto Q = shrinkPlan(StreamPlan{1 << 17, 1, 1}, 1 << 17, 8, L);
  ASSERT_TRUE(Q);
  EXPECT_EQ(Q->Buffers, 2u);
  EXPECT_EQ(Q->Chunks, 2u);
}

//===----------------------------------------------------------------------===//
// The CPU device's memory cap
//===----------------------------------------------------------------------===//

TEST(DeviceMemoryCap, ParsesSizesWithBinarySuffixes) {
  std::string Why;
  uint64_t B = 0;
  for (auto [Text, Want] :
       std::vector<std::pair<std::string, uint64_t>>{{"64M", 64 * MiB},
                                                     {"64MiB", 64 * MiB},
                                                     {"1G", 1024 * MiB},
                                                     {"512K", 512 * 1024},
                                                     {"4096", 4096},
                                                     {"3T", uint64_t(3) << 40}}) {
    EXPECT_TRUE(parseMemorySize(Text, B, Why)) << Text;
    EXPECT_EQ(B, Want) << Text;
  }
  for (std::string Bad : {"", "M", "64Q", "-1", "1.5G", "0", "99999999999999999999"})
    EXPECT_FALSE(parseMemorySize(Bad, B, Why)) << Bad;
  parseMemorySize("64Q", B, Why);
  EXPECT_EQ(Why, "expected a number of bytes with an optional suffix K, M, G or T (64M is 64 "
                 "MiB)");
}

TEST_F(StreamReduce, TheCapIsTheTotalAndArraysTakeFromTheFree) {
  set_cpu_device_memory(4 * MiB);
  MemoryInfo Before = get_memory_info();
  EXPECT_EQ(Before.Total, 4 * MiB);
  EXPECT_EQ(current_device().TotalMemory, 4 * MiB);
  {
    DeviceArray<int64_t, 1> A({int64_t(MiB / 8)});
    EXPECT_EQ(get_memory_info().Free, Before.Free - MiB);
    try {
      DeviceArray<int64_t, 1> TooMany({int64_t(4 * MiB / 8)});
      ADD_FAILURE() << "allocated past the cap";
    } catch (const Error &E) {
      EXPECT_EQ(E.code(), ErrorCode::OutOfMemory);
      EXPECT_NE(std::string(E.what()).find(
                    "cannot allocate 4194304 bytes of device memory on the CPU device: "
                    "PYKC_DEVICE_MEMORY caps it at 4194304 bytes (4 MiB) and its arrays hold "),
                std::string::npos)
          << E.what();
    }
  }
  EXPECT_EQ(get_memory_info().Free, Before.Free);
  uint64_t Free = 0, Total = 0;
  ASSERT_EQ(pykc_device_memory_info(cpu_device_id(), &Free, &Total), PYKC_SUCCESS);
  EXPECT_EQ(Total, 4 * MiB);
  EXPECT_EQ(Free, Before.Free);
  set_cpu_device_memory(0);
  EXPECT_GT(get_memory_info().Total, 4 * MiB); // the host's memory again
}

//===----------------------------------------------------------------------===//
// The streaming reducer on the CPU device
//===----------------------------------------------------------------------===//

TEST_F(StreamReduce, AGibibyteOfInt64UnderA64MiBCapIsExact) {
  // Under ASan a sixteenth of it, under a sixteenth of the cap: the same
  // 49 chunks through three buffers, in seconds.
  uint64_t Scale = Sanitized ? 16 : 1;
  uint64_t N = (uint64_t(1) << 27) / Scale;
  set_cpu_device_memory(64 * MiB / Scale);
  std::vector<int64_t> Host(N);
  for (uint64_t I = 0; I < N; ++I)
    Host[I] = int64_t(I) * 3 - 7;
  uint64_t Free = get_memory_info().Free;
  StreamReport R;
  int64_t Got = reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(Host),
                       withInit<int64_t>(11), StreamLimits::forCurrentDevice(), &R);
  int64_t Want = 3 * int64_t(N * (N - 1) / 2) - 7 * int64_t(N) + 11;
  EXPECT_EQ(Got, Want);
  EXPECT_EQ(R.Plan.Buffers, 3u);
  EXPECT_EQ(R.Plan.Chunks, 49u);
  EXPECT_EQ(R.Shrinks, 0u);
  EXPECT_FALSE(R.Pinned);
  EXPECT_LE(3 * R.Plan.ChunkElements * 8, 64 * MiB / Scale);
  EXPECT_EQ(get_memory_info().Free, Free); // every buffer freed
}

TEST_F(StreamReduce, Float32SumsAreWithinTheDocumentedBound) {
  set_cpu_device_memory(4 * MiB);
  std::mt19937 Gen(33);
  std::uniform_real_distribution<float> Dist(0.5f, 1.0f);
  std::vector<float> Host(uint64_t(1) << 22); // 16 MiB through 4
  double Exact = 0, Abs = 0;
  for (float &X : Host) {
    X = Dist(Gen);
    Exact += X;
    Abs += std::fabs(X);
  }
  StreamReport R;
  float Got = reduce(kernels<float, add<float>>(), std::span<const float>(Host), {},
                     StreamLimits::forCurrentDevice(), &R);
  ASSERT_GT(R.Plan.Chunks, 4u);
  uint64_t P = std::min<uint64_t>(4 * current_device().MultiprocessorCount,
                                  std::max<uint64_t>(1, R.Plan.ChunkElements / 4096));
  uint64_t Height = (R.Plan.ChunkElements + P - 1) / P + P + R.Plan.Chunks;
  double Bound = double(Height) * std::ldexp(1.0, -24) * Abs;
  EXPECT_LE(std::fabs(double(Got) - Exact), Bound)
      << "sum " << Got << ", exact " << Exact << ", height " << Height;
  // A dropped or repeated chunk would be off by about 0.75 x its values.
  EXPECT_LT(Bound, 0.75 * double(R.Plan.ChunkElements));

  // Quarters whose every partial sum is a float32: exact, in any order.
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = float(1 + I % 4) / 4;
  float Quarters =
      reduce(kernels<float, add<float>>(), std::span<const float>(Host), withInit<float>(2));
  EXPECT_EQ(Quarters, float(Host.size() / 4 * 2.5 + 2));
}

TEST_F(StreamReduce, TotalsCombineInOrderAndInitIsAppliedOnce) {
  set_cpu_device_memory(MiB);
  std::vector<int64_t> Host(uint64_t(1) << 20); // 8 MiB: 17 chunks of 508 KiB
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int64_t(I) + 100;
  StreamLimits L = StreamLimits::forCurrentDevice();
  L.TotalsCapacity = 3; // folded many times
  StreamReport R;
  // first(a, b) = a: the running value stays first everywhere, or another
  // chunk's first value wins; init, combined last, loses.
  EXPECT_EQ(reduce(kernels<int64_t, first<int64_t>>(), std::span<const int64_t>(Host),
                   withInit<int64_t>(-5), L, &R),
            100);
  EXPECT_GT(R.Folds, 5u);
  int64_t N = int64_t(Host.size());
  EXPECT_EQ(reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(Host),
                   withInit<int64_t>(9), L),
            N * (N - 1) / 2 + 100 * N + 9);
}

TEST_F(StreamReduce, EmptyOneElementAndSizeShorterThanTheArray) {
  set_cpu_device_memory(MiB);
  auto K = kernels<int64_t, add<int64_t>>();
  std::vector<int64_t> Host(300000);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int64_t(I);
  EXPECT_EQ(reduce(K, std::span<const int64_t>(), withInit<int64_t>(4)), 4);
  EXPECT_EQ(reduce(K, std::span<const int64_t>(Host).first(1), withInit<int64_t>(4)), 4);
  EXPECT_EQ(reduce(K, std::span<const int64_t>(Host).subspan(7, 1), withInit<int64_t>(4)), 11);
  EXPECT_EQ(reduce(K, std::span<const int64_t>(Host), withInit<int64_t>(1, 0)), 1);
  // 250000 of the 300000, past several chunks.
  StreamReport R;
  EXPECT_EQ(reduce(K, std::span<const int64_t>(Host), withInit<int64_t>(1, 250000),
                   StreamLimits::forCurrentDevice(), &R),
            int64_t(250000) * 249999 / 2 + 1);
  EXPECT_GT(R.Plan.Chunks, 1u);
  EXPECT_EQ(R.Plan.Chunks * R.Plan.ChunkElements >= 250000, true);
  // res: the result stays on the device.
  DeviceArray<int64_t, 1> Res({1});
  EXPECT_EQ(reduce(K, std::span<const int64_t>(Host), withInit<int64_t>(1, std::nullopt, &Res)), 1);
  std::vector<int64_t> Back(1);
  Res.copy_to_host(Back.data());
  EXPECT_EQ(Back[0], int64_t(300000) * 299999 / 2 + 1);
}

TEST_F(StreamReduce, AFailedAllocationShrinksTheChunk) {
  set_cpu_device_memory(MiB);
  std::vector<int64_t> Host(uint64_t(1) << 20);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int64_t(I % 1000);
  StreamLimits L = StreamLimits::forCurrentDevice();
  L.AssumedFreeBytes = 64 * MiB; // what a device might report and not have
  StreamReport R;
  int64_t Got = reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(Host), {}, L, &R);
  EXPECT_EQ(Got, int64_t(1048) * 499500 + 576 * 575 / 2);
  // Three 512 KiB chunks (8 MiB / 16) do not fit in 1 MiB; three of 256 KiB do.
  EXPECT_EQ(R.Shrinks, 1u);
  EXPECT_EQ(R.Plan.ChunkElements * 8, 256u * 1024);
  EXPECT_EQ(R.Plan.Buffers, 3u);
}

TEST_F(StreamReduce, ACapTooSmallForOneChunkIsAClearError) {
  set_cpu_device_memory(64 * 1024);
  std::vector<int64_t> Host(uint64_t(1) << 17); // 1 MiB
  try {
    reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(Host));
    ADD_FAILURE() << "reduced under a 64 KiB cap";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::OutOfMemory);
    uint64_t Free = get_memory_info().Free; // less the scratch the call kept
    EXPECT_EQ(std::string(E.what()),
              "pykc: pykc::reduce: cannot reduce a host array of 131072 8-byte values on device " +
                  std::to_string(cpu_device_id()) + " (" + current_device().Name +
                  "): streaming 1048576 bytes needs at least 69632 bytes of device memory (one "
                  "65536-byte chunk and 4096 bytes of scratch), but " +
                  std::to_string(Free) +
                  " are free; free device arrays you no longer need, or raise "
                  "PYKC_DEVICE_MEMORY");
  }
  // A smaller array fits.
  EXPECT_EQ(reduce(kernels<int64_t, add<int64_t>>(), std::span<const int64_t>(Host).first(4000),
                   withInit<int64_t>(3)),
            3);
}

TEST_F(StreamReduce, AKernelFailingMidStreamFreesEverything) {
  if (!runtime::kernelFaultsCaught())
    GTEST_SKIP() << "kernel faults are not caught in this process (under ASan, run with "
                    "ASAN_OPTIONS=allow_user_segv_handler=1)";
  set_cpu_device_memory(MiB);
  std::vector<int64_t> Host(uint64_t(1) << 20, 1);
  Host[Host.size() / 2 + 1] = -1; // in a middle chunk, not its first value
  uint64_t Free = get_memory_info().Free;
  try {
    reduce(kernels<int64_t, addOrFault>(), std::span<const int64_t>(Host));
    ADD_FAILURE() << "the fault was not reported";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::Kernel) << E.what();
    EXPECT_NE(std::string(E.what()).find("faulted"), std::string::npos) << E.what();
  }
  EXPECT_EQ(get_memory_info().Free, Free); // buffers and totals freed
  Host[Host.size() / 2 + 1] = 1;
  EXPECT_EQ(reduce(kernels<int64_t, addOrFault>(), std::span<const int64_t>(Host)),
            int64_t(Host.size()));
}
