//===- RuntimeCheckGlobalTest.cpp - initcheck of device arrays ------------===//
//
// A checked kernel (written by hand as `pykc run --check` compiles one: a
// pykc_check_access call before each global access) reading a device_array
// that no copy and no kernel filled is reported with the element, thread
// and block; arrays filled by a copy, by an earlier checked kernel, or by
// an unchecked kernel are not; without tracking nothing is reported.
//
//===----------------------------------------------------------------------===//
#include "pykc/Check.h"
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace pykc;

namespace {

float &element(void **Args, int First, int64_t I) {
  char *Data = *static_cast<char **>(Args[First]);
  int64_t Stride = *static_cast<int64_t *>(Args[First + 2]);
  return *reinterpret_cast<float *>(Data + I * Stride);
}

int64_t globalX(const pykc_cpu_context *Ctx) {
  return int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
}

} // namespace

extern "C" {

/// copy(src: float32[:], dst: float32[:]): dst[i] = src[i], checked.
void checked_copy__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = globalX(Ctx);
  float *Src = &element(Args, 0, I), *Dst = &element(Args, 3, I);
  pykc_check_access(Ctx, Src, 4, PYKC_CHECK_READ | PYKC_CHECK_GLOBAL | 1u << 4, "copy.py:4:14",
                    "src", I, 0, 0);
  float V = *Src;
  pykc_check_access(Ctx, Dst, 4, PYKC_CHECK_WRITE | PYKC_CHECK_GLOBAL | 1u << 4, "copy.py:4:5",
                    "dst", I, 0, 0);
  *Dst = V;
}

/// fill(dst: float32[:]): dst[i] = i, unchecked.
void plain_fill__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = globalX(Ctx);
  element(Args, 0, I) = float(I);
}

} // extern "C"

namespace {

KernelImage checkedCopy() {
  KernelImage K{"checked_copy", nullptr, checked_copy__cpu, 0, false};
  K.CpuChecked = true;
  return K;
}

class RuntimeCheckGlobal : public ::testing::Test {
protected:
  void SetUp() override {
    select_device(cpu_device_id());
    take_check_findings();
    track_array_initialization(true);
  }
  void TearDown() override { track_array_initialization(false); }
};

} // namespace

TEST_F(RuntimeCheckGlobal, ReadOfUnfilledDeviceArrayIsReported) {
  auto Src = device_array<float>(64), Dst = device_array<float>(64);
  std::vector<float> Half(32, 1.0f);
  // Only the first half of src is copied in: block 1 reads what nothing wrote.
  copyHostToDevice(Src.device(), Src.data(), Half.data(), Half.size() * sizeof(float));
  launch(checkedCopy(), {2, 32}, KernelArgs(Src, Dst).data());
  CheckFindings F = take_check_findings();
  EXPECT_EQ(F.Reports, "copy.py:4:14: error: read of global src[32], which no copy and no thread "
                       "wrote, in thread (0, 0, 0) of block (1, 0, 0) [Initcheck]\n");
  EXPECT_EQ(F.summary("copy"), "pykc: --check found 32 errors in kernel 'copy': initcheck 32 (the "
                               "first of each kind and place is shown)");
  // dst was written by the checked kernel: reading it back is clean.
  launch(checkedCopy(), {2, 32}, KernelArgs(Dst, Src).data());
  EXPECT_EQ(take_check_findings().total(), 0u);
}

TEST_F(RuntimeCheckGlobal, UncheckedLaunchesAndUntrackedArraysAreNotReported) {
  auto Src = device_array<float>(64), Dst = device_array<float>(64);
  KernelImage Fill{"plain_fill", nullptr, plain_fill__cpu, 0, false};
  launch(Fill, {2, 32}, KernelArgs(Src).data());
  launch(checkedCopy(), {2, 32}, KernelArgs(Src, Dst).data());
  EXPECT_EQ(take_check_findings().total(), 0u);
  track_array_initialization(false);
  auto Unfilled = device_array<float>(64);
  launch(checkedCopy(), {2, 32}, KernelArgs(Unfilled, Dst).data());
  EXPECT_EQ(take_check_findings().total(), 0u);
}
