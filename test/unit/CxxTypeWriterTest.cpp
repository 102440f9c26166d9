//===- test/unit/CxxTypeWriterTest.cpp - One C++ spelling of the IR's types ===//
//
// The object's header and the CUDA C++ source spell types through one
// writer: the same struct for a record, told apart only where the dialect
// needs it (the header's runtime marker and names, CUDA's prefixes and
// half type). What Python source reaches is in test/Object and
// test/CudaSource; these check the layout rules on records built here.
//
//===----------------------------------------------------------------------===//
#include "codegen/CxxTypeWriter.h"
#include "ir/Type.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pykc;
using codegen::CxxDialect;
using codegen::CxxTypeWriter;

namespace {

/// A packed record: a uint8 at 0, a float64 at 4 (a gap of 3), 16 bytes.
const ir::RecordType *gappy(ir::TypeContext &T) {
  return T.record({{"flag", T.scalar(ir::ScalarKind::UInt8), 0}, {"x", T.float64(), 4}}, 16);
}

} // namespace

TEST(CxxTypeWriter, BothDialectsLayARecordOutAlike) {
  ir::TypeContext T;
  const ir::RecordType *R = gappy(T);
  CxxTypeWriter Host(CxxDialect::Host), Cuda(CxxDialect::Cuda);
  std::string HostName = Host.record(R), CudaName = Cuda.record(R);
  EXPECT_EQ(HostName.substr(0, 7), "record_");
  EXPECT_EQ(CudaName, "pykc_record_" + HostName);
  std::string Body = "  uint8_t flag;\n"
                     "  unsigned char pykc_pad0[3];\n"
                     "  double x;\n"
                     "  unsigned char pykc_pad1[4];\n";
  auto Asserts = [&](const std::string &N) {
    return "static_assert(sizeof(" + N + ") == 16, \"NumPy's itemsize\");\n"
           "static_assert(offsetof(" + N + ", flag) == 0, \"NumPy's offset of 'flag'\");\n"
           "static_assert(offsetof(" + N + ", x) == 4, \"NumPy's offset of 'x'\");\n";
  };
  EXPECT_EQ(Host.takeDeclarations(),
            "/// A record dtype: " + R->str() + "\nstruct __attribute__((packed)) " + HostName +
                " {\n" + Body + "  static constexpr bool pykc_record_dtype = true;\n};\n" +
                Asserts(HostName));
  EXPECT_EQ(Cuda.takeDeclarations(), "// A record dtype: " + R->str() +
                                         "\nstruct __attribute__((packed)) " + CudaName + " {\n" +
                                         Body + "};\n" + Asserts(CudaName));
  // Declared once; the read-only twin is the same struct.
  EXPECT_EQ(Host.record(T.readOnly(R)), HostName);
  EXPECT_EQ(Host.takeDeclarations(), "");
}

TEST(CxxTypeWriter, NestedRecordsComeFirstAndFieldNamesBecomeMembers) {
  ir::TypeContext T;
  const ir::RecordType *Inner = T.record({{"int", T.int32(), 0}}, 4);
  T.nameRecord("point", Inner);
  // Any string names a NumPy field: "and-eq" sanitizes to a keyword, and
  // a quote must not end the static_assert's message.
  const ir::RecordType *Outer = T.record(
      {{"1st", T.nestedArray(Inner, {2}), 0}, {"and-eq", T.float32(), 8}, {"a\"b", T.int32(), 12}},
      16);
  T.nameRecord("segment", Outer);
  CxxTypeWriter Host(CxxDialect::Host), Cuda(CxxDialect::Cuda);
  EXPECT_EQ(Host.record(Outer), "segment");
  EXPECT_EQ(Cuda.record(Outer), "pykc_record_segment");
  std::string H = Host.takeDeclarations(), C = Cuda.takeDeclarations();
  EXPECT_LT(H.find("struct point {"), H.find("struct segment {"));
  EXPECT_NE(H.find("  int32_t int_;\n"), std::string::npos) << H;
  EXPECT_NE(H.find("  point _1st[2];\n  float and_eq_;\n  int32_t a_b;\n"), std::string::npos)
      << H;
  EXPECT_NE(H.find("offsetof(segment, a_b) == 12, \"NumPy's offset of 'a\\\"b'\");"),
            std::string::npos)
      << H;
  EXPECT_LT(C.find("struct pykc_record_point {"), C.find("struct pykc_record_segment {"));
  EXPECT_NE(C.find("  pykc_record_point _1st[2];\n  float and_eq_;\n"), std::string::npos) << C;
}

TEST(CxxTypeWriter, ScalarsTuplesAndEnumsByDialect) {
  ir::TypeContext T;
  CxxTypeWriter Host(CxxDialect::Host), Cuda(CxxDialect::Cuda);
  const ir::ScalarType *Half = T.scalar(ir::ScalarKind::Float16);
  EXPECT_EQ(Host.scalar(Half), "_Float16");
  EXPECT_FALSE(Host.usesHalf());
  EXPECT_EQ(Cuda.scalar(Half), "__half");
  EXPECT_TRUE(Cuda.usesHalf());
  EXPECT_EQ(Host.scalar(T.complex64()), "::std::complex<float>");
  EXPECT_EQ(Cuda.scalar(T.complex128()), "pykc_complex<double>");
  EXPECT_TRUE(Cuda.usesComplex());
  EXPECT_EQ(Host.qualifiedScalar(T.int64()), "::std::int64_t");
  EXPECT_EQ(Cuda.scalar(T.int64()), "int64_t");

  const ir::TupleType *Pair = T.tuple({T.float32(), T.tuple({T.int32(), T.boolean()})});
  auto Element = [&](CxxTypeWriter &W) {
    return [&W](const ir::Type *E) { return W.scalar(ir::dynCast<ir::ScalarType>(E)) + " "; };
  };
  EXPECT_EQ(Host.tuple(Pair, Element(Host)), "::std::tuple<float, ::std::tuple<int32_t, bool>>");
  EXPECT_EQ(Cuda.tuple(Pair, Element(Cuda)), "pykc_tuple1");
  EXPECT_EQ(Cuda.takeDeclarations(), "// " + T.tuple({T.int32(), T.boolean()})->str() +
                                         "\nstruct pykc_tuple0 {\n  int32_t e0;\n  bool e1;\n};\n"
                                         "// " + Pair->str() +
                                         "\nstruct pykc_tuple1 {\n  float e0;\n  pykc_tuple0 e1;\n};\n");
}

TEST(CxxTypeWriter, OverlappingFieldsAreReported) {
  ir::TypeContext T;
  const ir::RecordType *R = T.record({{"a", T.int64(), 0}, {"b", T.int32(), 4}}, 8);
  CxxTypeWriter Cuda(CxxDialect::Cuda,
                     [](const std::string &What) { throw std::runtime_error(What); });
  try {
    Cuda.record(R);
    FAIL() << "no report";
  } catch (const std::runtime_error &E) {
    EXPECT_EQ(std::string(E.what()), "a record whose fields overlap (" + R->str() + ")");
  }
}
