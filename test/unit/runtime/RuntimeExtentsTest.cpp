//===- RuntimeExtentsTest.cpp - Shapes whose size overflows are refused ---===//
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace pykc;

namespace {

class RuntimeExtents : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }
};

/// Runs \p Make, which must throw Error(InvalidValue) containing \p Text.
template <class F> void expectRefused(F &&Make, const std::string &Text) {
  try {
    Make();
    ADD_FAILURE() << "no error; expected one containing \"" << Text << "\"";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::InvalidValue);
    EXPECT_NE(std::string(E.what()).find(Text), std::string::npos) << E.what();
  }
}

} // namespace

TEST_F(RuntimeExtents, DeviceArrayWhoseByteSizeOverflowsThrowsNamingTheShape) {
  // 2^62 floats are 2^64 bytes: the byte size wraps to 0.
  expectRefused([] { device_array<float>(int64_t(1) << 62); },
                "a device array of shape (4611686018427387904,) with 4-byte elements would "
                "need more than 2^63 - 1 bytes");
}

TEST_F(RuntimeExtents, DeviceArrayWhoseExtentProductOverflowsThrowsNamingTheShape) {
  // (2^61 + 1) * 8 elements wrap to 8: a 32-byte buffer for 2^64 elements.
  expectRefused([] { device_array<float>((int64_t(1) << 61) + 1, 8); },
                "of shape (2305843009213693953, 8)");
  expectRefused([] { device_array<double>(int64_t(1) << 31, int64_t(1) << 31, 4); },
                "of shape (2147483648, 2147483648, 4)");
  expectRefused([] { device_array<float>(std::array<int64_t, 2>{8, (int64_t(1) << 61) + 1},
                                         Order::F); },
                "of shape (8, 2305843009213693953)");
}

TEST_F(RuntimeExtents, EmptyArraysWithHugeExtentsAreRefusedAsNumPyDoes) {
  // Size 0, but the strides would overflow: NumPy says "array is too big".
  expectRefused([] { device_array<float>(0, int64_t(1) << 62); }, "of shape (0, 4611686018427387904)");
  EXPECT_EQ(device_array<float>(0, 1000).size(), 0);
}

TEST_F(RuntimeExtents, NegativeExtentsNameTheShape) {
  expectRefused([] { device_array<float>(3, -1); },
                "a device array of shape (3, -1): extent -1 of dimension 1 is negative");
}

TEST_F(RuntimeExtents, LargestRepresentableShapesStillReachTheDevice) {
  // 2^61 floats fit an int64 byte count: the device, not the check, refuses.
  try {
    device_array<float>(int64_t(1) << 60);
    ADD_FAILURE() << "a 2^62-byte array was allocated";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::OutOfMemory) << E.what();
  }
}

TEST_F(RuntimeExtents, HostArrayAndPinnedBufferSizesAreChecked) {
  expectRefused([] { HostArray<float, 2>(nullptr, {(int64_t(1) << 61) + 1, 8}); },
                "a host array of shape (2305843009213693953, 8)");
  expectRefused([] { HostArray<float, 2>::fortran(nullptr, {8, (int64_t(1) << 61) + 1}); },
                "a host array of shape (8, 2305843009213693953)");
  expectRefused([] { PinnedBuffer<double> B(SIZE_MAX / 4); },
                "a pinned buffer of 4611686018427387903 elements of 8 bytes");
}
