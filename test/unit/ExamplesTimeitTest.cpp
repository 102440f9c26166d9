//===- test/unit/ExamplesTimeitTest.cpp - IPython's time format -----------===//
//
// The examples print %timeit results as IPython does; these pin the text of
// its _format_time, including the cases "%.3g" writes in exponent form
// (999.6 µs rounds to "1e+03 µs" in IPython too).
//
//===----------------------------------------------------------------------===//
#include "examples/common/timeit.h"

#include <gtest/gtest.h>

TEST(ExamplesTimeit, FormatsLikeIPython) {
  EXPECT_EQ(examples::format_time(0.00154), "1.54 ms");
  EXPECT_EQ(examples::format_time(2.5e-7), "250 ns");
  EXPECT_EQ(examples::format_time(0.0009996), "1e+03 \u00b5s");
  EXPECT_EQ(examples::format_time(3.0), "3 s");
  EXPECT_EQ(examples::format_time(0.0), "0 ns");
  EXPECT_EQ(examples::format_time(65.0), "1min 5s");
  EXPECT_EQ(examples::format_time(3725.0), "1h 2min 5s");
}
