//===- RuntimeLaunchTest.cpp - Launching kernels on the CPU device --------===//
//
// The kernels here are hand-written with the CpuABI signature and read their
// arguments as KernelABI.h lays them out, as compiled kernels do.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"
#include "runtime/lib/CudaDriver.h"

#include "runtime/IncrementPtx.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

using namespace pykc;

namespace {

template <typename T> T &at1(void **Args, int First, int64_t I) {
  char *Data = *static_cast<char **>(Args[First]);
  int64_t Stride = *static_cast<int64_t *>(Args[First + 2]);
  return *reinterpret_cast<T *>(Data + I * Stride);
}
int64_t extent(void **Args, int Index) {
  return *static_cast<int64_t *>(Args[Index]);
}
int64_t globalX(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
}

} // namespace

extern "C" {

/// increment(a: float32[:]): a[i] += 1
void increment__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = globalX(Ctx);
  if (I < extent(Args, 1))
    at1<float>(Args, 0, I) += 1;
}

/// axpy(out: float64[:], x: float64[:], a: float64): out[i] = a * x[i]
void axpy__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = globalX(Ctx);
  double A = *static_cast<double *>(Args[6]);
  if (I < extent(Args, 1))
    at1<double>(Args, 0, I) = A * at1<double>(Args, 3, I);
}

/// reverse(a: int32[:]): reverses each block's values through shared memory.
void reverse__cpu(void **Args, pykc_cpu_context *Ctx) {
  auto *Shared = static_cast<int32_t *>(Ctx->shared_memory);
  uint32_t T = Ctx->thread_idx[0], B = Ctx->block_dim[0];
  int64_t I = globalX(Ctx);
  Shared[T] = at1<int32_t>(Args, 0, I);
  pykc_cpu_barrier(Ctx);
  at1<int32_t>(Args, 0, I) = Shared[B - 1 - T];
}

/// blocksum(a: int64[:], out: int64[:]): a tree reduction with a barrier in
/// a loop, in dynamic shared memory; out[block] = sum of the block's values.
void blocksum__cpu(void **Args, pykc_cpu_context *Ctx) {
  auto *Shared = static_cast<int64_t *>(Ctx->dynamic_shared);
  uint32_t T = Ctx->thread_idx[0];
  Shared[T] = at1<int64_t>(Args, 0, globalX(Ctx));
  pykc_cpu_barrier(Ctx);
  for (uint32_t Half = Ctx->block_dim[0] / 2; Half > 0; Half /= 2) {
    if (T < Half)
      Shared[T] += Shared[T + Half];
    pykc_cpu_barrier(Ctx);
  }
  if (T == 0)
    at1<int64_t>(Args, 3, Ctx->block_idx[0]) = Shared[0];
}

/// halfexit(a: int32[:]): the upper half of each block returns before the
/// barrier the lower half waits at.
void halfexit__cpu(void **Args, pykc_cpu_context *Ctx) {
  auto *Shared = static_cast<int32_t *>(Ctx->shared_memory);
  uint32_t T = Ctx->thread_idx[0], B = Ctx->block_dim[0];
  if (T >= B / 2)
    return;
  Shared[T] = int32_t(T) * 10;
  pykc_cpu_barrier(Ctx);
  at1<int32_t>(Args, 0, globalX(Ctx)) = Shared[B / 2 - 1 - T];
}

/// index3(out: int64[:, :, :]): out[z, y, x] = a 3-d grid's global linear id.
void index3__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t G[3];
  for (int D = 0; D < 3; ++D)
    G[D] = int64_t(Ctx->block_idx[D]) * Ctx->block_dim[D] + Ctx->thread_idx[D];
  int64_t NZ = extent(Args, 1), NY = extent(Args, 2), NX = extent(Args, 3);
  if (G[2] >= NZ || G[1] >= NY || G[0] >= NX)
    return;
  char *Data = *static_cast<char **>(Args[0]);
  int64_t Off =
      G[2] * extent(Args, 4) + G[1] * extent(Args, 5) + G[0] * extent(Args, 6);
  *reinterpret_cast<int64_t *>(Data + Off) = (G[2] * NY + G[1]) * NX + G[0];
}

/// order(out: int32[:]): with one block, records which thread ran n-th.
void order__cpu(void **Args, pykc_cpu_context *Ctx) {
  static thread_local int32_t Counter = 0;
  if (Ctx->thread_idx[0] == 0 && Ctx->thread_idx[1] == 0 &&
      Ctx->thread_idx[2] == 0)
    Counter = 0;
  int32_t Linear =
      int32_t((Ctx->thread_idx[2] * Ctx->block_dim[1] + Ctx->thread_idx[1]) *
                  Ctx->block_dim[0] +
              Ctx->thread_idx[0]);
  at1<int32_t>(Args, 0, Counter++) = Linear;
}

/// thrower(): thread 3 of block 1 throws; the rest pass a barrier.
void thrower__cpu(void **, pykc_cpu_context *Ctx) {
  if (Ctx->block_idx[0] == 1 && Ctx->thread_idx[0] == 3)
    throw std::runtime_error("thread 3 failed");
  pykc_cpu_barrier(Ctx);
}

} // extern "C"

namespace {

class RuntimeLaunch : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }
};

const KernelImage Increment{"increment", nullptr, increment__cpu, 0, false};

} // namespace

TEST_F(RuntimeLaunch, IncrementKernelRuns) {
  std::vector<float> Host(1000);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = float(I) * 0.5f;
  auto A = to_device(Host);
  std::vector<void *> Args;
  A.appendKernelArgs(Args);
  launch(Increment, {(1000 + 127) / 128, 128}, Args.data());
  auto Out = A.copy_to_host();
  for (size_t I = 0; I < Host.size(); ++I)
    ASSERT_EQ(Out[I], Host[I] + 1) << "at " << I;
}

TEST_F(RuntimeLaunch, KernelArgsCarryArraysAndScalars) {
  auto X = to_device(std::vector<double>{1, 2, 3, 4, 5});
  auto Out = device_array_like(X);
  KernelArgs Args(Out, X, 2.5);
  EXPECT_EQ(Args.size(), 7u);
  Stream S;
  LaunchConfig C{2, 4};
  C.S = &S;
  launch({"axpy", nullptr, axpy__cpu, 0, false}, C, Args.data());
  S.synchronize();
  EXPECT_EQ(Out.copy_to_host(), (std::vector<double>{2.5, 5, 7.5, 10, 12.5}));
}

TEST_F(RuntimeLaunch, BarrierSynchronizesABlock) {
  const int Blocks = 37, Threads = 256;
  std::vector<int32_t> Host(Blocks * Threads);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int32_t(I);
  auto A = to_device(Host);
  KernelArgs Args(A);
  KernelImage Reverse{"reverse", nullptr, reverse__cpu,
                      Threads * sizeof(int32_t), true};
  launch(Reverse, {Blocks, Threads}, Args.data());
  auto Out = A.copy_to_host();
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Threads; ++T)
      ASSERT_EQ(Out[B * Threads + T], B * Threads + Threads - 1 - T)
          << "block " << B << " thread " << T;
}

TEST_F(RuntimeLaunch, BarriersInALoopWithDynamicSharedMemory) {
  const int Blocks = 20, Threads = 1024;
  std::vector<int64_t> Host(Blocks * Threads);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int64_t(I % 1000) - 300;
  auto A = to_device(Host);
  auto Sums = device_array<int64_t>(Blocks);
  KernelArgs Args(A, Sums);
  LaunchConfig C{Blocks, Threads, Threads * sizeof(int64_t)};
  launch({"blocksum", nullptr, blocksum__cpu, 0, true}, C, Args.data());
  auto Out = Sums.copy_to_host();
  for (int B = 0; B < Blocks; ++B) {
    int64_t Expected = 0;
    for (int T = 0; T < Threads; ++T)
      Expected += Host[B * Threads + T];
    EXPECT_EQ(Out[B], Expected) << "block " << B;
  }
}

TEST_F(RuntimeLaunch, ExitedThreadsCountAsArrived) {
  const int Blocks = 3, Threads = 64;
  auto A = to_device(std::vector<int32_t>(Blocks * Threads, -1));
  KernelArgs Args(A);
  launch({"halfexit", nullptr, halfexit__cpu, Threads * 4, true},
         {Blocks, Threads}, Args.data());
  auto Out = A.copy_to_host();
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Threads; ++T)
      ASSERT_EQ(Out[B * Threads + T],
                T < Threads / 2 ? (Threads / 2 - 1 - T) * 10 : -1);
}

TEST_F(RuntimeLaunch, ThreeDimensionalGridCoversEveryElement) {
  auto Out = device_array<int64_t>(5, 9, 13);
  KernelArgs Args(Out);
  launch({"index3", nullptr, index3__cpu, 0, false},
         {Dim3(4, 3, 2), Dim3(4, 4, 4)}, Args.data());
  auto Host = Out.copy_to_host();
  for (size_t I = 0; I < Host.size(); ++I)
    ASSERT_EQ(Host[I], int64_t(I));
}

TEST_F(RuntimeLaunch, ThreadsRunXFastestThenYThenZ) {
  auto Out = device_array<int32_t>(24);
  KernelArgs Args(Out);
  launch({"order", nullptr, order__cpu, 0, false}, {1, Dim3(4, 3, 2)},
         Args.data());
  auto Host = Out.copy_to_host();
  for (int32_t I = 0; I < 24; ++I)
    EXPECT_EQ(Host[I], I);
}

TEST_F(RuntimeLaunch, OversizedBlockIsRefusedWithTheLimit) {
  auto A = device_array<float>(2048);
  KernelArgs Args(A);
  try {
    launch(Increment, {1, 1025}, Args.data());
    FAIL() << "a block of 1025 threads was launched";
  } catch (const Error &E) {
    std::string Message = E.what();
    EXPECT_EQ(E.code(), ErrorCode::LaunchLimit);
    EXPECT_NE(Message.find("1025"), std::string::npos) << Message;
    EXPECT_NE(Message.find("limit of 1024 threads per block"),
              std::string::npos)
        << Message;
    EXPECT_NE(Message.find("increment"), std::string::npos) << Message;
  }
  try {
    launch(Increment, {1, Dim3(1, 1, 65)}, Args.data());
    FAIL() << "a block with z = 65 was launched";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("dimension z = 65 exceeds the limit "
                                         "of 64"),
              std::string::npos)
        << E.what();
  }
  EXPECT_THROW(launch(Increment, {0, 32}, Args.data()), Error);
}

TEST_F(RuntimeLaunch, TooMuchSharedMemoryIsRefused) {
  auto A = device_array<float>(4);
  KernelArgs Args(A);
  KernelImage K{"increment", nullptr, increment__cpu, 1024, false};
  LaunchConfig C{1, 4, 48 * 1024};
  try {
    launch(K, C, Args.data());
    FAIL() << "49 KiB of shared memory were accepted";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("limit of 49152 bytes"),
              std::string::npos)
        << E.what();
  }
}

TEST_F(RuntimeLaunch, KernelWithoutCpuCodeIsAnError) {
  KernelImage K{"gpu_only", ".version 7.0", nullptr, 0, false};
  try {
    launch(K, {1, 1}, nullptr);
    FAIL();
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("gpu_only' has no CPU code"),
              std::string::npos)
        << E.what();
  }
}

TEST_F(RuntimeLaunch, UndeclaredBarrierUseIsReported) {
  auto A = to_device(std::vector<int32_t>(64, 1));
  KernelArgs Args(A);
  KernelImage Lying{"reverse", nullptr, reverse__cpu, 64 * 4, false};
  try {
    launch(Lying, {1, 64}, Args.data());
    FAIL();
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::Kernel);
    EXPECT_NE(std::string(E.what()).find("CpuUsesBarrier"), std::string::npos);
  }
}

TEST_F(RuntimeLaunch, KernelExceptionsReachTheCaller) {
  KernelImage Thrower{"thrower", nullptr, thrower__cpu, 0, true};
  EXPECT_THROW(
      {
        try {
          launch(Thrower, {4, 8}, nullptr);
        } catch (const std::runtime_error &E) {
          EXPECT_STREQ(E.what(), "thread 3 failed");
          throw;
        }
      },
      std::runtime_error);
  // The pool and its fiber stacks still work afterwards.
  auto A = to_device(std::vector<int32_t>{1, 2, 3, 4});
  KernelArgs Args(A);
  launch({"reverse", nullptr, reverse__cpu, 16, true}, {1, 4}, Args.data());
  EXPECT_EQ(A.copy_to_host(), (std::vector<int32_t>{4, 3, 2, 1}));
}

TEST_F(RuntimeLaunch, ConcurrentLaunchesFromSeveralThreads) {
  std::vector<std::thread> Threads;
  std::atomic<int> Failures{0};
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      try {
        std::vector<int32_t> Host(512);
        for (int I = 0; I < 512; ++I)
          Host[I] = I + T;
        auto A = to_device(Host);
        KernelArgs Args(A);
        for (int Round = 0; Round < 10; ++Round)
          launch({"reverse", nullptr, reverse__cpu, 128 * 4, true}, {4, 128},
                 Args.data());
        if (A.copy_to_host() != Host) // An even number of reversals.
          ++Failures;
      } catch (...) {
        ++Failures;
      }
    });
  for (auto &Th : Threads)
    Th.join();
  EXPECT_EQ(Failures.load(), 0);
}

TEST_F(RuntimeLaunch, CInterfaceLaunches) {
  void *Ptr = nullptr;
  ASSERT_EQ(pykc_malloc(&Ptr, 4 * sizeof(float)), PYKC_SUCCESS);
  float Host[4] = {1, 2, 3, 4};
  ASSERT_EQ(pykc_memcpy_htod(Ptr, Host, sizeof(Host)), PYKC_SUCCESS);
  int64_t N = 4, Stride = 4;
  void *Args[] = {&Ptr, &N, &Stride};
  pykc_kernel_image K{"increment", nullptr, increment__cpu, 0, 0};
  uint32_t Grid[3] = {1, 1, 1}, Block[3] = {4, 1, 1};
  ASSERT_EQ(pykc_launch(&K, Grid, Block, 0, Args), PYKC_SUCCESS)
      << pykc_last_error();
  ASSERT_EQ(pykc_memcpy_dtoh(Host, Ptr, sizeof(Host)), PYKC_SUCCESS);
  EXPECT_EQ(Host[3], 5.0f);
  uint32_t Huge[3] = {2048, 1, 1};
  EXPECT_EQ(pykc_launch(&K, Grid, Huge, 0, Args), PYKC_ERROR_LAUNCH_LIMIT);
  EXPECT_NE(std::string(pykc_last_error()).find("1024"), std::string::npos);
  EXPECT_EQ(pykc_free(Ptr), PYKC_SUCCESS);
}

// Runs only where a CUDA device exists; the PTX is the increment kernel.
using pykc::test::IncrementPtx;

TEST(RuntimeCuda, IncrementRunsOnTheGpu) {
  if (!cuda_available())
    GTEST_SKIP() << "no CUDA device: " << cuda_unavailable_reason();
  select_device(0);
  KernelImage K{"increment", IncrementPtx, increment__cpu, 0, false};
  std::vector<float> Host(10000, 1.5f);
  auto A = to_device(Host);
  KernelArgs Args(A);
  Event Start, End;
  Start.record();
  launch(K, {(10000 + 255) / 256, 256}, Args.data());
  launch(K, {(10000 + 255) / 256, 256}, Args.data()); // Module is cached.
  End.record();
  End.synchronize();
  EXPECT_GE(Start.elapsed_time(End), 0.0f);
  for (float V : A.copy_to_host())
    ASSERT_EQ(V, 3.5f);
  KernelImage Bad{"increment", "this is not PTX", nullptr, 0, false};
  try {
    launch(Bad, {1, 1}, Args.data());
    FAIL();
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::ModuleLoad);
    EXPECT_NE(std::string(E.what()).find("cuModuleLoadDataEx"),
              std::string::npos);
  }
  EXPECT_THROW(launch(K, {1, 2048}, Args.data()), Error);
  select_device(cpu_device_id());
}

// A thread with no current context adopts the device's primary context on
// its first CUDA call, so later launches need no push and pop (threads with
// a context of their own get it back after each call; bench/launch_overhead
// measures that path).
TEST(RuntimeCuda, LaunchesKeepTheCallersContext) {
  if (!cuda_available())
    GTEST_SKIP() << "no CUDA device: " << cuda_unavailable_reason();
  const runtime::cu::Driver &D = *runtime::cu::driver();
  select_device(0);
  KernelImage K{"increment", IncrementPtx, increment__cpu, 0, false};
  std::vector<float> Host(256, 1.0f);
  runtime::cu::CUcontext Current = nullptr;

  std::thread Fresh([&] {
    runtime::cu::CUcontext Before = nullptr, After = nullptr;
    ASSERT_EQ(D.cuCtxGetCurrent(&Before), 0);
    EXPECT_EQ(Before, nullptr);
    auto A = to_device(Host);
    KernelArgs Args(A);
    launch(K, {1, 256}, Args.data());
    ASSERT_EQ(D.cuCtxGetCurrent(&After), 0);
    EXPECT_NE(After, nullptr) << "the primary context should stay current";
    Current = After;
    for (float V : A.copy_to_host())
      ASSERT_EQ(V, 2.0f);
  });
  Fresh.join();
  ASSERT_NE(Current, nullptr);

  select_device(cpu_device_id());
}

// A CUstream another library made (here pykc's own, as a stand-in) is
// borrowed: launches queue on it, and letting go of the borrowed
// pykc::Stream leaves the handle to its owner, which still uses it.
TEST(RuntimeCuda, BorrowedStreamQueuesLaunchesAndStaysItsOwners) {
  if (!cuda_available())
    GTEST_SKIP() << "no CUDA device: " << cuda_unavailable_reason();
  select_device(0);
  KernelImage K{"increment", IncrementPtx, increment__cpu, 0, false};
  Stream Owner(0);
  auto A = to_device(std::vector<float>(1000, 1.0f));
  KernelArgs Args(A);
  {
    Stream Borrowed = Stream::borrow(Owner.handle(), 0);
    EXPECT_TRUE(Borrowed.isBorrowed());
    EXPECT_EQ(Borrowed.handle(), Owner.handle());
    launch(K, LaunchConfig(Dim3(4), Dim3(256), 0, &Borrowed), Args.data());
  }
  launch(K, LaunchConfig(Dim3(4), Dim3(256), 0, &Owner), Args.data());
  Owner.synchronize();
  for (float V : A.copy_to_host())
    ASSERT_EQ(V, 3.0f);
  select_device(cpu_device_id());
}

// On the CPU device there is no CUstream to queue on: null is the default
// stream, anything else is refused.
TEST(RuntimeStream, BorrowOnTheCpuDevice) {
  select_device(cpu_device_id());
  Stream Default = Stream::borrow(nullptr);
  EXPECT_TRUE(Default.isDefault());
  EXPECT_FALSE(Default.isBorrowed());
  int NotAStream = 0;
  try {
    Stream::borrow(&NotAStream);
    FAIL() << "borrowed a handle on the CPU device";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::InvalidValue);
    EXPECT_STREQ(E.what(), "pykc: Stream::borrow: a stream handle from another library (a "
                           "CUstream) cannot order work on the CPU device, where all work runs "
                           "in order as it is called; launch on the default stream (nullptr) "
                           "instead");
  }
}

// pykc run flattens arrays it knows only at run time with addArray: the
// slots must be those of a typed DeviceArray of the same shape.
TEST(KernelArgs, DynamicArraysFlattenLikeTypedOnes) {
  select_device(cpu_device_id());
  auto A = device_array<float>(std::array<int64_t, 2>{3, 5}, Order::F);
  KernelArgs Typed(A, int32_t(7));
  KernelArgs Dynamic;
  Dynamic.addArray(A.data(), {3, 5}, {A.stride(0), A.stride(1)}).addScalarBits(7);
  ASSERT_EQ(Typed.size(), 6u);
  ASSERT_EQ(Dynamic.size(), Typed.size());
  EXPECT_EQ(*static_cast<void **>(Dynamic.data()[0]), A.data());
  for (size_t I = 1; I < 5; ++I)
    EXPECT_EQ(*static_cast<int64_t *>(Dynamic.data()[I]), *static_cast<int64_t *>(Typed.data()[I]))
        << "slot " << I;
  EXPECT_EQ(*static_cast<int32_t *>(Dynamic.data()[5]), 7);
  EXPECT_EQ(A.stride(0), 4);
  EXPECT_EQ(A.stride(1), 12);
}
