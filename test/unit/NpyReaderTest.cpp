//===- NpyReaderTest.cpp - Reading .npy files strictly --------------------===//
#include "Npy.h"
#include "NpyHeader.h"

#include <gtest/gtest.h>

using namespace pykc::driver;

namespace {

/// A version 1.0 .npy file with \p Dict as its header and \p DataBytes zero
/// bytes of data, padded as NumPy pads.
std::string npyFile(const std::string &Dict, size_t DataBytes) {
  std::string Text = Dict;
  while ((10 + Text.size() + 1) % 64 != 0)
    Text += ' ';
  Text += '\n';
  std::string File("\x93NUMPY\x01\x00", 8);
  File += char(Text.size() & 0xff);
  File += char(Text.size() >> 8);
  return File + Text + std::string(DataBytes, '\0');
}

std::string dict(const std::string &Descr, const std::string &Shape, bool Fortran = false) {
  return "{'descr': '" + Descr + "', 'fortran_order': " + (Fortran ? "True" : "False") +
         ", 'shape': " + Shape + ", }";
}

std::string decodeError(const std::string &Bytes) {
  std::string Error;
  EXPECT_FALSE(decodeNpy(Bytes, Error));
  return Error;
}

TEST(NpyReader, ReadsWhatNumPyWrites) {
  std::string Error;
  auto A = decodeNpy(npyFile(dict("<f4", "(3, 4)", true), 48), Error);
  ASSERT_TRUE(A) << Error;
  EXPECT_EQ(A->Dtype, "float32");
  EXPECT_EQ(A->ItemSize, 4u);
  EXPECT_EQ(A->Shape, (std::vector<int64_t>{3, 4}));
  EXPECT_TRUE(A->FortranOrder);
  EXPECT_EQ(A->Data.size(), 48u);
  EXPECT_EQ(A->elementCount(), 12);
  EXPECT_EQ(A->Header.size() % 64, 0u);

  A = decodeNpy(npyFile(dict("|b1", "(0,)"), 0), Error);
  ASSERT_TRUE(A) << Error;
  EXPECT_EQ(A->Dtype, "bool");
  EXPECT_EQ(A->elementCount(), 0);
}

TEST(NpyReader, SizesThatWrapAreRefused) {
  EXPECT_EQ(decodeError(npyFile(dict("<i8", "(2305843009213693953,)"), 8)),
            "the .npy header's shape (2305843009213693953,) of 8-byte items describes more "
            "than 9223372036854775807 bytes");
  EXPECT_EQ(decodeError(npyFile(dict("<f4", "(4611686018427387904, 4)"), 0)),
            "the .npy header's shape (4611686018427387904, 4) of 4-byte items describes more "
            "than 9223372036854775807 bytes");
  EXPECT_EQ(decodeError(npyFile(dict("<f4", "(99999999999999999999999,)"), 0)),
            "the .npy header's shape (99999999999999999999999,) has a dimension above "
            "9223372036854775807");
}

TEST(NpyReader, TheDataIsExactlyWhatTheHeaderDescribes) {
  EXPECT_EQ(decodeError(npyFile(dict("<f8", "(2,)"), 15)),
            "the file holds 15 bytes of data but its header describes 16");
  EXPECT_EQ(decodeError(npyFile(dict("<f8", "(2,)"), 17)),
            "the file holds 17 bytes of data but its header describes 16");
}

TEST(NpyReader, TruncatedFilesAtEveryLength) {
  std::string File = npyFile(dict("<f4", "(2,)"), 8);
  for (size_t N = 0; N < File.size(); ++N) {
    std::string Error;
    EXPECT_FALSE(decodeNpy(File.substr(0, N), Error)) << N;
    EXPECT_FALSE(Error.empty()) << N;
  }
}

TEST(NpyHeader, DtypesFromAClosedList) {
  EXPECT_EQ(decodeError(npyFile(dict("xf4", "(1,)"), 4)),
            "invalid byte order 'x' in dtype 'xf4' (expected '<', '>', '|' or '=')");
  EXPECT_EQ(decodeError(npyFile(dict("<c32", "(1,)"), 32)),
            "dtype '<c32' is not one a kernel can take (bool, int8..int64, uint8..uint64, "
            "float16, float32, float64, complex64, complex128)");
  EXPECT_EQ(decodeError(npyFile(dict("", "(1,)"), 2)),
            "dtype '' is not one a kernel can take (bool, int8..int64, uint8..uint64, float16, "
            "float32, float64, complex64, complex128)");
  std::string Error;
  EXPECT_TRUE(decodeNpy(npyFile(dict(">u1", "(1,)"), 1), Error)) << Error;
  EXPECT_TRUE(decodeNpy(npyFile(dict("=i4", "(1,)"), 4), Error)) << Error;
  EXPECT_TRUE(decodeNpy(npyFile(dict("<f2", "(1,)"), 2), Error)) << Error;
  EXPECT_TRUE(decodeNpy(npyFile(dict("<c8", "(1,)"), 8), Error)) << Error;
  EXPECT_TRUE(decodeNpy(npyFile(dict("<c16", "(1,)"), 16), Error)) << Error;
}

TEST(NpyHeader, ShapesAreNonNegativeIntegers) {
  std::string Error;
  EXPECT_FALSE(parseNpyHeaderDict(dict("<f4", "(-4,)"), Error));
  EXPECT_EQ(Error, "the .npy header's shape (-4,) has a negative dimension");
  EXPECT_FALSE(parseNpyHeaderDict(dict("<f4", "(4, True)"), Error));
  EXPECT_EQ(Error, "the .npy header's 'shape' is not a tuple of integers");
  EXPECT_FALSE(parseNpyHeaderDict(dict("<f4", "[4]"), Error));
  EXPECT_EQ(Error, "the .npy header's 'shape' is not a tuple of integers");
  auto H = parseNpyHeaderDict(dict("<f4", "(9223372036854775807, -0)"), Error);
  ASSERT_TRUE(H) << Error;
  EXPECT_EQ(H->Shape, (std::vector<int64_t>{INT64_MAX, 0}));
  H = parseNpyHeaderDict(dict("<f4", "()"), Error);
  ASSERT_TRUE(H) << Error;
  EXPECT_TRUE(H->Shape.empty());
}

TEST(NpyHeader, DeepNestingIsAnErrorNotAStackOverflow) {
  std::string Error;
  EXPECT_FALSE(parseNpyHeaderDict("{'x': " + std::string(100000, '['), Error));
  EXPECT_EQ(Error.substr(0, 54), "invalid .npy header: literals nested more than 32 deep");
}

TEST(ShapeText, PrintsAsPythonTuples) {
  EXPECT_EQ(shapeText({}), "()");
  EXPECT_EQ(shapeText({3}), "(3,)");
  EXPECT_EQ(shapeText({3, 4}), "(3, 4)");
}

} // namespace
