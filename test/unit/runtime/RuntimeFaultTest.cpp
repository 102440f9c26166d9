//===- RuntimeFaultTest.cpp - CPU kernel faults fail the launch -----------===//
//
// A CPU kernel that writes past an array, past its shared memory or
// overflows its stack faults at once (the guards of GuardedMemory.h and
// FiberStacks.h), and the launch throws Error(Kernel) naming the address,
// the thread and the block; the process stays usable. Faults outside
// launches still reach the program's own handler, or kill it as before.
// The kernels are hand-written with the CpuABI signature.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "runtime/lib/KernelFaults.h"

#include <gtest/gtest.h>

#include <csignal>
#include <sys/wait.h>
#include <cstdio>
#include <string>
#include <unistd.h>

using namespace pykc;

namespace {

int64_t globalX(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
}
volatile float *arrayData(void **Args) { return *static_cast<float **>(Args[0]); }

/// Deep enough for any stack: each frame holds 4 KiB.
__attribute__((noinline)) int64_t recurse(int64_t N) {
  volatile char Frame[4096];
  Frame[N % 4096] = char(N);
  if (N == 0)
    return 0;
  return recurse(N - 1) + Frame[(N * 7) % 4096]; // not a tail call
}

} // namespace

extern "C" {

/// overrun(a: float32[:]): a[i] = i for every thread, whatever a's size.
void overrun__cpu(void **Args, pykc_cpu_context *Ctx) {
  arrayData(Args)[globalX(Ctx)] = float(globalX(Ctx));
}
/// Its blocks entry (CpuABI.h): indices in registers, not in Ctx.
void overrun__cpu_blocks(void **Args, pykc_cpu_context *Ctx, uint64_t First, uint64_t Count) {
  volatile float *A = arrayData(Args);
  for (uint64_t B = First; B < First + Count; ++B)
    for (uint64_t T = 0; T < Ctx->block_dim[0]; ++T)
      A[B * Ctx->block_dim[0] + T] = float(B * Ctx->block_dim[0] + T);
}
/// The same after a barrier: its threads run as fibers.
void overrun_barrier__cpu(void **Args, pykc_cpu_context *Ctx) {
  pykc_cpu_barrier(Ctx);
  arrayData(Args)[globalX(Ctx)] = float(globalX(Ctx));
}
/// Thread 5 of every block recurses without end; the others wait at a barrier.
void recurse_barrier__cpu(void **, pykc_cpu_context *Ctx) {
  if (Ctx->thread_idx[0] == 5)
    recurse(INT64_MAX / 2);
  pykc_cpu_barrier(Ctx);
}
void recurse__cpu(void **, pykc_cpu_context *) { recurse(INT64_MAX / 2); }
/// Each thread writes one float of dynamic shared memory.
void dynamic_shared__cpu(void **, pykc_cpu_context *Ctx) {
  static_cast<volatile float *>(Ctx->dynamic_shared)[Ctx->thread_idx[0]] = 1.0f;
}
/// Each thread writes one float of static shared memory.
void static_shared__cpu(void **, pykc_cpu_context *Ctx) {
  static_cast<volatile float *>(Ctx->shared_memory)[Ctx->thread_idx[0]] = 1.0f;
}
/// Block 2 writes past its array, 256 KiB into the 1 MiB guard that
/// follows it (further would leave the guard, where another mapping may
/// be: ASan's shadow allocator puts one there); every block then syncs the
/// grid.
void grid_overrun__cpu(void **Args, pykc_cpu_context *Ctx) {
  if (Ctx->block_idx[0] == 2)
    arrayData(Args)[int64_t(1) << 16] = 1.0f;
  pykc_cpu_grid_sync(Ctx);
}

} // extern "C"

namespace {

class RuntimeFault : public ::testing::Test {
protected:
  void SetUp() override {
    select_device(cpu_device_id());
    if (!runtime::kernelFaultsCaught())
      GTEST_SKIP() << "kernel faults are not caught in this process (under ASan, run with "
                      "ASAN_OPTIONS=allow_user_segv_handler=1)";
  }
};

/// The message of the Error \p Run throws (it must throw Error(Kernel)).
template <class F> std::string faultOf(F &&Run) {
  try {
    Run();
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::Kernel) << E.what();
    return E.what();
  }
  ADD_FAILURE() << "the launch did not fail";
  return "";
}

std::string hex(const volatile void *P) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%p", const_cast<void *>(P));
  return Text;
}

KernelImage image(const char *Name, pykc_cpu_kernel_fn Fn, bool Barrier = false,
                  uint64_t Shared = 0) {
  return KernelImage{Name, nullptr, Fn, Shared, Barrier};
}

} // namespace

TEST_F(RuntimeFault, OverrunPastADeviceArrayFailsTheLaunchNamingTheThread) {
  auto A = device_array<float>(1000); // 4000 bytes: the guard starts at 4032
  KernelArgs Args(A);
  std::string M = faultOf([&] { launch(image("overrun", overrun__cpu), {1, 1024}, Args.data()); });
  EXPECT_EQ(M, "pykc: kernel 'overrun' faulted (address " + hex(A.data() + 1008) +
                   ", in thread (1008, 0, 0) of block (0, 0, 0)): an out-of-bounds access or a "
                   "stack overflow; rerun with --boundscheck to find the index");
  // The process goes on: the same launch within bounds works.
  auto B = device_array<float>(1024);
  KernelArgs Good(B);
  launch(image("overrun", overrun__cpu), {1, 1024}, Good.data());
  EXPECT_EQ(B.copy_to_host()[1023], 1023.0f);
}

TEST_F(RuntimeFault, OverrunInABlocksEntryIsRunAgainToNameTheThread) {
  auto A = device_array<float>(1000);
  KernelArgs Args(A);
  KernelImage K = image("overrun", overrun__cpu);
  K.CpuBlocksEntry = overrun__cpu_blocks;
  std::string M = faultOf([&] { launch(K, {4, 256}, Args.data()); });
  EXPECT_NE(M.find("kernel 'overrun' faulted (address " + hex(A.data() + 1008) +
                   ", in thread (240, 0, 0) of block (3, 0, 0))"),
            std::string::npos)
      << M;
}

TEST_F(RuntimeFault, OverrunOnAFiberFailsTheLaunchAndTheWorkerRecovers) {
  auto A = device_array<float>(1000);
  KernelArgs Args(A);
  KernelImage K = image("overrun_barrier", overrun_barrier__cpu, /*Barrier=*/true);
  std::string M = faultOf([&] { launch(K, {1, 1024}, Args.data()); });
  EXPECT_NE(M.find("in thread (1008, 0, 0) of block (0, 0, 0)"), std::string::npos) << M;
  for (int Round = 0; Round < 3; ++Round) { // the fibers' stacks are reused
    auto B = device_array<float>(4096);
    KernelArgs Good(B);
    launch(K, {4, 1024}, Good.data());
    EXPECT_EQ(B.copy_to_host()[4095], 4095.0f);
  }
}

TEST_F(RuntimeFault, StackOverflowOnAFiberFailsTheLaunch) {
  KernelImage K = image("recurse_barrier", recurse_barrier__cpu, /*Barrier=*/true);
  std::string M = faultOf([&] { launch(K, {2, 64}, nullptr); });
  EXPECT_NE(M.find("kernel 'recurse_barrier' faulted (address 0x"), std::string::npos) << M;
  EXPECT_NE(M.find("in thread (5, 0, 0) of block ("), std::string::npos) << M;
  EXPECT_NE(M.find("a stack overflow"), std::string::npos) << M;
}

TEST_F(RuntimeFault, StackOverflowOnTheCallersThreadFailsTheLaunch) {
  // One block runs on the calling thread, on its own stack.
  std::string M = faultOf([&] { launch(image("recurse", recurse__cpu), {1, 1}, nullptr); });
  EXPECT_NE(M.find("in thread (0, 0, 0) of block (0, 0, 0)"), std::string::npos) << M;
  auto B = device_array<float>(1024);
  KernelArgs Good(B);
  launch(image("overrun", overrun__cpu), {4, 256}, Good.data());
  EXPECT_EQ(B.copy_to_host()[1023], 1023.0f);
}

TEST_F(RuntimeFault, DynamicSharedMemoryOverrunFaults) {
  // 4 bytes of dynamic shared memory, 32 threads writing floats: the guard
  // starts at byte 16 (16-byte alignment), at thread 4.
  std::string M = faultOf(
      [&] { launch(image("dynamic_shared", dynamic_shared__cpu), {1, 32, 4}, nullptr); });
  EXPECT_NE(M.find("in thread (4, 0, 0) of block (0, 0, 0)"), std::string::npos) << M;
  launch(image("dynamic_shared", dynamic_shared__cpu), {2, 32, 128}, nullptr);
}

TEST_F(RuntimeFault, StaticSharedMemoryOverrunFaults) {
  KernelImage K = image("static_shared", static_shared__cpu, false, /*Shared=*/40);
  std::string M = faultOf([&] { launch(K, {1, 64}, nullptr); });
  EXPECT_NE(M.find("in thread (12, 0, 0) of block (0, 0, 0)"), std::string::npos) << M;
}

TEST_F(RuntimeFault, FaultOnAWorkerThreadNamesItsBlock) {
  auto A = device_array<float>(63 * 64 + 5);
  KernelArgs Args(A);
  std::string M = faultOf([&] { launch(image("overrun", overrun__cpu), {80, 64}, Args.data()); });
  EXPECT_NE(M.find("of block ("), std::string::npos) << M;
}

TEST_F(RuntimeFault, FaultInACooperativeLaunchReleasesTheOtherBlocks) {
  auto A = device_array<float>(16);
  KernelArgs Args(A);
  KernelImage K = image("grid_overrun", grid_overrun__cpu);
  K.Cooperative = true;
  std::string M = faultOf([&] { launch(K, {4, 1}, Args.data()); });
  EXPECT_NE(M.find("in thread (0, 0, 0) of block (2, 0, 0)"), std::string::npos) << M;
}

namespace {

extern "C" void exitFromHandler(int) { _exit(42); }

/// Each test runs in a fresh process (threadsafe death tests re-run the
/// binary), where the program installs its handler before the runtime's
/// first launch installs the runtime's, which chains to it.
class RuntimeFaultChain : public ::testing::Test {
protected:
  void SetUp() override {
    select_device(cpu_device_id());
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
};

} // namespace

TEST_F(RuntimeFaultChain, FaultOutsideALaunchReachesTheProgramsHandler) {
  EXPECT_EXIT(
      {
        std::signal(SIGSEGV, exitFromHandler); // before the runtime's
        auto B = device_array<float>(1024);
        KernelArgs Good(B);
        launch(image("overrun", overrun__cpu), {4, 256}, Good.data());
        *static_cast<volatile int *>(nullptr) = 1;
      },
      ::testing::ExitedWithCode(42), "");
}

TEST_F(RuntimeFaultChain, FaultInALaunchIsCaughtDespiteTheProgramsHandler) {
  EXPECT_EXIT(
      {
        std::signal(SIGSEGV, exitFromHandler);
        if (!runtime::kernelFaultsCaught())
          _exit(7); // not caught here (ASan): nothing to test
        auto A = device_array<float>(10);
        KernelArgs Args(A);
        try {
          launch(image("overrun", overrun__cpu), {1, 1024}, Args.data());
        } catch (const Error &) {
          _exit(7);
        }
        _exit(1);
      },
      ::testing::ExitedWithCode(7), "");
}

TEST_F(RuntimeFaultChain, FaultOutsideALaunchStillKillsTheProcess) {
  EXPECT_EXIT(
      {
        auto B = device_array<float>(1024);
        KernelArgs Good(B);
        launch(image("overrun", overrun__cpu), {4, 256}, Good.data());
        *static_cast<volatile int *>(nullptr) = 1;
      },
      // Killed by SIGSEGV, or under ASan, whose handler reports the fault,
      // an exit with its failure status: either way the process ends.
      [](int Status) { return !(WIFEXITED(Status) && WEXITSTATUS(Status) == 0); }, "");
}
