//===- RuntimeSmallLaunchesTest.cpp - Which launches run on one thread ----===//
//
// runtime/lib/SmallLaunches.h: a kernel's earlier launches say what a block
// costs; a launch estimated under SmallLaunches::AloneBelow ticks runs on the
// calling thread alone, anything else (and a kernel never seen) is shared
// out.
//
//===----------------------------------------------------------------------===//
#include "runtime/lib/SmallLaunches.h"

#include <gtest/gtest.h>

using pykc::runtime::SmallLaunches;

namespace {

// Distinct keys, as distinct kernels' entries would be, in slots of their
// own: the table is indexed by the address's bits from the fifth up, which
// 64 bytes apart differ.
alignas(64) char Kernels[4][64];
const void *const KernelA = Kernels[0], *const KernelB = Kernels[1],
                  *const KernelC = Kernels[2], *const KernelD = Kernels[3];

TEST(RuntimeSmallLaunches, AKernelNeverSeenIsSharedOut) {
  EXPECT_FALSE(SmallLaunches::runAlone(KernelA, 1));
}

TEST(RuntimeSmallLaunches, ShortLaunchesRunAloneUntilTheyScaleUp) {
  // 16 blocks in 1,600 ticks: 100 a block.
  SmallLaunches::record(KernelB, 16, 1600);
  const uint64_t Limit = SmallLaunches::AloneBelow / 100; // blocks
  EXPECT_TRUE(SmallLaunches::runAlone(KernelB, 16));
  EXPECT_TRUE(SmallLaunches::runAlone(KernelB, Limit - 1));
  EXPECT_FALSE(SmallLaunches::runAlone(KernelB, Limit)); // shared out
  EXPECT_FALSE(SmallLaunches::runAlone(KernelB, Limit * 1000));
}

TEST(RuntimeSmallLaunches, TheLatestLaunchDecides) {
  SmallLaunches::record(KernelC, 4, 400);
  EXPECT_TRUE(SmallLaunches::runAlone(KernelC, 4));
  // The same blocks got heavier (a longer loop).
  SmallLaunches::record(KernelC, 4, 4 * SmallLaunches::AloneBelow);
  EXPECT_FALSE(SmallLaunches::runAlone(KernelC, 4));
}

TEST(RuntimeSmallLaunches, ALaunchTooQuickToTimeStillCountsAsSeen) {
  SmallLaunches::record(KernelD, 1000, 0);
  EXPECT_TRUE(SmallLaunches::runAlone(KernelD, 1000));
  SmallLaunches::record(KernelD, 0, 5); // no blocks: nothing learnt
  EXPECT_TRUE(SmallLaunches::runAlone(KernelD, 1000));
}

TEST(RuntimeSmallLaunches, TheClockMovesForward) {
  uint64_t Before = SmallLaunches::now();
  volatile uint64_t Sink = 0;
  for (int I = 0; I < 100000; ++I)
    Sink = Sink + uint64_t(I);
  EXPECT_GT(SmallLaunches::now(), Before);
}

} // namespace
