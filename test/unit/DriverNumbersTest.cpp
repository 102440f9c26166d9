//===- DriverNumbersTest.cpp - Sizes and numbers from the user's input ----===//
#include "Numbers.h"
#include "RunOptions.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace pykc::driver;

namespace {

TEST(ParseDecimal, TakesDigitsUpToTheBound) {
  uint64_t V = 0;
  EXPECT_EQ(parseDecimal("0", 10, V), DecimalStatus::Ok);
  EXPECT_EQ(V, 0u);
  EXPECT_EQ(parseDecimal("0010", 10, V), DecimalStatus::Ok);
  EXPECT_EQ(V, 10u);
  EXPECT_EQ(parseDecimal("18446744073709551615", UINT64_MAX, V), DecimalStatus::Ok);
  EXPECT_EQ(V, UINT64_MAX);
  EXPECT_EQ(parseDecimal("11", 10, V), DecimalStatus::TooLarge);
}

TEST(ParseDecimal, ManyDigitsAreTooLargeNotWrapped) {
  uint64_t V = 7;
  EXPECT_EQ(parseDecimal("18446744073709551616", UINT64_MAX, V), DecimalStatus::TooLarge);
  EXPECT_EQ(parseDecimal(std::string(400, '9'), UINT64_MAX, V), DecimalStatus::TooLarge);
  EXPECT_EQ(V, 7u) << "a failed parse leaves the value alone";
}

TEST(ParseDecimal, RefusesAnythingButDigits) {
  uint64_t V = 0;
  for (const char *Text : {"", "-1", "+1", " 1", "1 ", "1e3", "0x10", "1_000", "1.0"})
    EXPECT_EQ(parseDecimal(Text, UINT64_MAX, V), DecimalStatus::NotDigits) << Text;
  // Not digits wins over too large, whatever comes first.
  EXPECT_EQ(parseDecimal(std::string(30, '9') + "x", UINT64_MAX, V), DecimalStatus::NotDigits);
}

TEST(CheckedArithmetic, ReportsOverflow) {
  uint64_t R = 0;
  EXPECT_TRUE(checkedMul(uint64_t(1) << 32, (uint64_t(1) << 32) - 1, R));
  EXPECT_FALSE(checkedMul(uint64_t(1) << 32, uint64_t(1) << 32, R));
  EXPECT_FALSE(checkedMul(2305843009213693953u, 8, R)); // 2^64 + 8
  EXPECT_TRUE(checkedAdd(UINT64_MAX - 1, 1, R));
  EXPECT_FALSE(checkedAdd(UINT64_MAX, 1, R));
}

TEST(ByteCountText, UsesTheLargestExactUnit) {
  EXPECT_EQ(byteCountText(0), "0 bytes");
  EXPECT_EQ(byteCountText(1000), "1000 bytes");
  EXPECT_EQ(byteCountText(1536), "1536 bytes");
  EXPECT_EQ(byteCountText(64u << 20), "64 MiB");
  EXPECT_EQ(byteCountText(uint64_t(16) << 30), "16 GiB");
}

uint64_t scalarBits(const std::string &Text) {
  std::string Error;
  auto S = parseScalar(Text, Error);
  EXPECT_TRUE(S) << Text << ": " << Error;
  return S ? S->Bits : 0;
}

std::string scalarError(const std::string &Text) {
  std::string Error;
  EXPECT_FALSE(parseScalar(Text, Error)) << Text;
  return Error;
}

TEST(ParseScalar, IntegersAtTheirTypesLimits) {
  EXPECT_EQ(scalarBits("int8:-128"), uint64_t(-128));
  EXPECT_EQ(scalarBits("int8:127"), 127u);
  EXPECT_EQ(scalarBits("uint8:255"), 255u);
  EXPECT_EQ(scalarBits("-9223372036854775808"), uint64_t(INT64_MIN));
  EXPECT_EQ(scalarBits("uint64:18446744073709551615"), UINT64_MAX);
  EXPECT_EQ(scalarError("int8:128"), "128 does not fit in int8");
  EXPECT_EQ(scalarError("int8:-129"), "-129 does not fit in int8");
  EXPECT_EQ(scalarError("uint16:-1"), "-1 does not fit in uint16");
  EXPECT_EQ(scalarError("9223372036854775808"), "9223372036854775808 does not fit in int64");
  EXPECT_EQ(scalarError("int32:" + std::string(100, '9')),
            std::string(100, '9') + " does not fit in int32");
}

TEST(ParseScalar, FloatsThatDoNotFitAreErrorsNotInfinities) {
  EXPECT_EQ(scalarError("float32:1e300"),
            "1e300 does not fit in float32 (its largest finite value is 3.4028235e+38)");
  EXPECT_EQ(scalarError("1e309"),
            "1e309 does not fit in float64 (its largest finite value is 1.7976931348623157e+308)");
  // FLT_MAX itself, and the largest double that rounds to it, fit.
  float Max;
  uint64_t Bits = scalarBits("float32:3.4028235e38");
  std::memcpy(&Max, &Bits, sizeof Max);
  EXPECT_EQ(Max, 3.4028235e38f);
  scalarBits("float32:3.40282356779733e38");
  EXPECT_EQ(scalarError("float32:3.4028235677973366e38").substr(0, 40),
            "3.4028235677973366e38 does not fit in fl");
  // Infinity and NaN spelled out are what the user asked for.
  scalarBits("float32:inf");
  scalarBits("float64:-inf");
  scalarBits("float32:nan");
}

} // namespace

TEST(PythonFloatText, PrintsAsPythonAndNumPy) {
  EXPECT_EQ(pythonFloatText(2.5), "2.5");
  EXPECT_EQ(pythonFloatText(6.0), "6.0");
  EXPECT_EQ(pythonFloatText(-3.0), "-3.0");
  EXPECT_EQ(pythonFloatText(1e20), "1e+20");
  EXPECT_EQ(pythonFloatText(0.1), "0.1");
  EXPECT_EQ(pythonFloatText(-103.71411f), "-103.71411"); // float32: its own shortest
  EXPECT_EQ(pythonFloatText(__builtin_inf()), "inf");
  EXPECT_EQ(pythonFloatText(-__builtin_inf()), "-inf");
  EXPECT_EQ(pythonFloatText(-__builtin_nan("")), "nan");
}
