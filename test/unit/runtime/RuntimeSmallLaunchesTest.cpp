//===- RuntimeSmallLaunchesTest.cpp - Which launches run on one thread ----===//
//
// runtime/lib/SmallLaunches.h: a kernel's earlier launches say what a block
// costs; a launch estimated under SmallLaunches::AloneBelowNanos runs on the
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
  // 16 blocks in 1.6 us: 100 ns a block.
  SmallLaunches::record(KernelB, 16, 1600);
  EXPECT_TRUE(SmallLaunches::runAlone(KernelB, 16));
  EXPECT_TRUE(SmallLaunches::runAlone(KernelB, 199)); // 19.9 us
  EXPECT_FALSE(SmallLaunches::runAlone(KernelB, 200)); // 20 us: shared out
  EXPECT_FALSE(SmallLaunches::runAlone(KernelB, 1 << 20));
}

TEST(RuntimeSmallLaunches, TheLatestLaunchDecides) {
  SmallLaunches::record(KernelC, 4, 400);
  EXPECT_TRUE(SmallLaunches::runAlone(KernelC, 4));
  // The same blocks got heavier (a longer loop): 1 ms for 4 blocks.
  SmallLaunches::record(KernelC, 4, 1000000);
  EXPECT_FALSE(SmallLaunches::runAlone(KernelC, 4));
}

TEST(RuntimeSmallLaunches, ALaunchTooQuickToTimeStillCountsAsSeen) {
  SmallLaunches::record(KernelD, 1000, 0);
  EXPECT_TRUE(SmallLaunches::runAlone(KernelD, 1000));
  SmallLaunches::record(KernelD, 0, 5); // no blocks: nothing learnt
  EXPECT_TRUE(SmallLaunches::runAlone(KernelD, 1000));
}

} // namespace
