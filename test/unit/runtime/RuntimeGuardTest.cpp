//===- RuntimeGuardTest.cpp - CPU device memory ends at a guard -----------===//
//
// Probes with write(2) from the memory to a pipe: EFAULT says the address is
// inaccessible, without a signal.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"
#include "runtime/lib/GuardedMemory.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <unistd.h>

using namespace pykc;

namespace {

/// Whether the byte at \p P can be read.
bool readable(const void *P) {
  int Fds[2];
  if (pipe(Fds) != 0)
    return false;
  bool Ok = write(Fds[1], P, 1) == 1;
  close(Fds[0]);
  close(Fds[1]);
  return Ok;
}

class RuntimeGuard : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }
};

} // namespace

TEST_F(RuntimeGuard, DeviceArrayIsFollowedByOneMebibyteOfGuard) {
  auto A = device_array<float>(1000); // 4000 bytes, 4032 with alignment
  const char *P = reinterpret_cast<const char *>(A.data());
  EXPECT_EQ(uintptr_t(P) % 64, 0u);
  EXPECT_TRUE(readable(P));
  EXPECT_TRUE(readable(P + 4031));
  EXPECT_FALSE(readable(P + 4032));
  EXPECT_FALSE(readable(P + 4032 + (1 << 20) - 1));
  // The data sits at the top of its page; the page below that is a guard.
  const char *Page = P - uintptr_t(P) % uintptr_t(sysconf(_SC_PAGESIZE));
  EXPECT_TRUE(readable(Page));
  EXPECT_FALSE(readable(Page - 1));
}

TEST_F(RuntimeGuard, LargeArrayIsFollowedByAGuardOfItsOwnSize) {
  size_t Bytes = size_t(3) << 20;
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, Bytes), PYKC_SUCCESS);
  const char *C = static_cast<const char *>(P);
  EXPECT_TRUE(readable(C + Bytes - 1));
  EXPECT_FALSE(readable(C + Bytes));
  EXPECT_FALSE(readable(C + 2 * Bytes - 1));
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST(GuardedTail, EndsAtTheGuardForEverySize) {
  runtime::GuardedTail T(16);
  for (size_t Bytes : {1, 4, 16, 17, 4096, 100, 9000, 20}) {
    const char *P = static_cast<const char *>(T.tail(Bytes));
    size_t Used = (Bytes + 15) / 16 * 16;
    EXPECT_EQ(uintptr_t(P) % 16, 0u);
    EXPECT_TRUE(readable(P + Used - 1)) << Bytes;
    EXPECT_FALSE(readable(P + Used)) << Bytes;
  }
}
