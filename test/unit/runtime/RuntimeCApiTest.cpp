//===- RuntimeCApiTest.cpp - runtime_c.h refuses bad arguments ------------===//
//
// Every call of the C interface checks its pointers, sizes and overflow and
// returns a status with a message naming the call, never crashing.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace pykc;

namespace {

class RuntimeCApi : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(pykc_select_device(cpu_device_id()), PYKC_SUCCESS); }
};

::testing::AssertionResult lastErrorHas(const std::string &Text) {
  std::string E = pykc_last_error();
  if (E.find(Text) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "pykc_last_error() is \"" << E << "\"";
}

} // namespace

TEST_F(RuntimeCApi, MallocOfSizeMaxFailsInsteadOfGivingATinyBuffer) {
  for (size_t Bytes : {SIZE_MAX, SIZE_MAX - 62, size_t(PTRDIFF_MAX) + 1}) {
    void *P = reinterpret_cast<void *>(1);
    EXPECT_EQ(pykc_malloc(&P, Bytes), PYKC_ERROR_OUT_OF_MEMORY) << Bytes;
    EXPECT_EQ(P, nullptr);
    EXPECT_TRUE(lastErrorHas("pykc: pykc_malloc: " + std::to_string(Bytes) +
                             " bytes is more than any device can hold"));
  }
  // Representable, but more than the address space: refused by the device.
  void *P = reinterpret_cast<void *>(1);
  EXPECT_EQ(pykc_malloc(&P, size_t(1) << 62), PYKC_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(P, nullptr);
  EXPECT_TRUE(lastErrorHas("cannot allocate 4611686018427387904 bytes"));
}

TEST_F(RuntimeCApi, DoubleFreeIsAnError) {
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 100), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_free(0x"));
  EXPECT_TRUE(lastErrorHas("is not one pykc_malloc returned, or it was freed already"));
  // The runtime still works.
  ASSERT_EQ(pykc_malloc(&P, 100), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, FreeOfPointerTheRuntimeNeverGaveIsAnError) {
  int OnStack = 0;
  void *Heap = std::malloc(16);
  EXPECT_EQ(pykc_free(&OnStack), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("is not one pykc_malloc returned"));
  EXPECT_EQ(pykc_free(Heap), PYKC_ERROR_INVALID_VALUE);
  std::free(Heap); // untouched by pykc_free
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 4000), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(static_cast<char *>(P) + 16), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("is 16 bytes into the 4000-byte allocation at 0x"));
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(nullptr), PYKC_SUCCESS); // as free(NULL)
}

TEST_F(RuntimeCApi, MemcpyWithNullIsAnError) {
  void *P = nullptr;
  char Host[64] = {};
  ASSERT_EQ(pykc_malloc(&P, sizeof(Host)), PYKC_SUCCESS);
  EXPECT_EQ(pykc_memcpy_htod(nullptr, Host, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_htod: the destination of a 8-byte copy is null"));
  EXPECT_EQ(pykc_memcpy_htod(P, nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_htod: the source of a 8-byte copy is null"));
  EXPECT_EQ(pykc_memcpy_dtoh(nullptr, P, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_dtoh: the destination"));
  EXPECT_EQ(pykc_memcpy_dtod(P, nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_dtod: the source"));
  // Nothing to copy: nothing is read.
  EXPECT_EQ(pykc_memcpy_htod(nullptr, nullptr, 0), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, MemcpyPastTheEndOfAnAllocationIsAnError) {
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 4000), PYKC_SUCCESS);
  std::string Host(8192, 'x');
  EXPECT_EQ(pykc_memcpy_htod(P, Host.data(), 4001), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("the destination's 4001 bytes at 0x"));
  EXPECT_TRUE(lastErrorHas("run 1 bytes past the end of the 4000-byte allocation"));
  EXPECT_EQ(pykc_memcpy_dtoh(Host.data(), static_cast<char *>(P) + 100, 3950),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("run 50 bytes past the end"));
  EXPECT_EQ(pykc_memcpy_dtod(P, reinterpret_cast<void *>(UINTPTR_MAX - 8), 64),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("would run past the end of the address space"));
  EXPECT_EQ(pykc_memcpy_htod(P, Host.data(), 4000), PYKC_SUCCESS) << pykc_last_error();
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, PointersOfOtherLibrariesStayUsable) {
  // On the CPU device, host memory another library allocated may be copied
  // to and from: it is not in the runtime's table, so it is not checked.
  float *Theirs = static_cast<float *>(std::malloc(4 * sizeof(float)));
  float Host[4] = {1, 2, 3, 4};
  EXPECT_EQ(pykc_memcpy_htod(Theirs, Host, sizeof(Host)), PYKC_SUCCESS) << pykc_last_error();
  EXPECT_EQ(Theirs[3], 4.0f);
  std::free(Theirs);
}

TEST_F(RuntimeCApi, NullOutputPointersAreErrors) {
  EXPECT_EQ(pykc_malloc(nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_malloc: a required pointer argument is null"));
  EXPECT_EQ(pykc_device_count(nullptr), PYKC_ERROR_INVALID_VALUE);
  uint32_t Dims[3] = {1, 1, 1};
  EXPECT_EQ(pykc_launch(nullptr, Dims, Dims, 0, nullptr), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_launch"));
}
