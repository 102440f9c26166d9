// The CUDA backend's words for --boundscheck's record (runtime/lib/
// BoundsRecord.h): those of the CPU backend, from what a trapped thread
// left in host memory, read no further than the record's bytes.
#include "runtime/lib/BoundsRecord.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

pykc_bounds_record sample() {
  pykc_bounds_record R = {};
  R.state = 2;
  R.axis = 1;
  R.index = -4;
  R.extent = 3;
  R.thread[0] = 2;
  R.block[0] = 1;
  R.block[2] = 5;
  std::strcpy(R.where, "rows.py:20:14");
  return R;
}

TEST(BoundsRecord, SaysWhereAndWhat) {
  EXPECT_EQ(pykc::runtime::boundsRecordMessage(sample()),
            "a kernel stopped at rows.py:20:14: index -4 is out of bounds for axis 1 with size 3 "
            "in thread (2, 0, 0) of block (1, 0, 5) (--boundscheck)");
}

TEST(BoundsRecord, PlaceWithoutNulStopsAtTheRecordsEnd) {
  pykc_bounds_record R = sample();
  std::memset(R.where, 'x', sizeof R.where);
  std::string M = pykc::runtime::boundsRecordMessage(R);
  EXPECT_NE(M.find("stopped at " + std::string(sizeof R.where, 'x') + ": index"), std::string::npos);
}

TEST(BoundsRecord, LayoutIsWhatTheGpuCodeWrites) {
  // codegen/NVPTXTarget.cpp writes these offsets.
  EXPECT_EQ(offsetof(pykc_bounds_record, axis), 4u);
  EXPECT_EQ(offsetof(pykc_bounds_record, index), 8u);
  EXPECT_EQ(offsetof(pykc_bounds_record, extent), 16u);
  EXPECT_EQ(offsetof(pykc_bounds_record, thread), 24u);
  EXPECT_EQ(offsetof(pykc_bounds_record, block), 36u);
  EXPECT_EQ(offsetof(pykc_bounds_record, where), 48u);
}

} // namespace
