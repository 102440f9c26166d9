//===- SignatureTest.cpp - Numba signature strings ------------------------===//
#include "ir/Signature.h"

#include <gtest/gtest.h>

using namespace pykc;
using namespace pykc::ir;

namespace {

struct Parsed {
  std::optional<ParsedSignature> Sig;
  std::vector<frontend::Diagnostic> Diags;
  std::string Name;
};

Parsed parse(TypeContext &Types, const std::string &Text, bool AllowName = false) {
  static frontend::SourceManager Sources;
  const frontend::SourceFile *File = Sources.addBuffer("<sig>", Text);
  frontend::DiagnosticEngine Diags(nullptr);
  Parsed P;
  P.Sig = parseSignature(Text, *File, 0, Types, Diags, AllowName, &P.Name);
  P.Diags = Diags.diagnostics();
  return P;
}

TEST(Signature, ParsesVoidKernelSignatures) {
  TypeContext Types;
  Parsed P = parse(Types, "void(float32[:], int32)");
  ASSERT_TRUE(P.Sig);
  EXPECT_EQ(P.Sig->Return, Types.none());
  ASSERT_EQ(P.Sig->Args.size(), 2u);
  EXPECT_EQ(P.Sig->Args[0], Types.array(Types.float32(), 1, ArrayLayout::A));
  EXPECT_EQ(P.Sig->Args[1], Types.int32());
}

TEST(Signature, LayoutsComeFromTheUnitStride) {
  TypeContext Types;
  EXPECT_EQ(parse(Types, "(float32[::1],)").Sig->Args[0],
            Types.array(Types.float32(), 1, ArrayLayout::C));
  EXPECT_EQ(parse(Types, "void(f8[:, ::1])").Sig->Args[0],
            Types.array(Types.float64(), 2, ArrayLayout::C));
  EXPECT_EQ(parse(Types, "void(f8[::1, :])").Sig->Args[0],
            Types.array(Types.float64(), 2, ArrayLayout::F));
  EXPECT_EQ(parse(Types, "void(int32[:,:,:])").Sig->Args[0],
            Types.array(Types.int32(), 3, ArrayLayout::A));
}

TEST(Signature, ReturnTypesAndQualifiedNames) {
  TypeContext Types;
  Parsed P = parse(Types, "float32(numba.float32, types.int64)");
  ASSERT_TRUE(P.Sig);
  EXPECT_EQ(P.Sig->Return, Types.float32());
  EXPECT_EQ(P.Sig->Args[1], Types.int64());
}

TEST(Signature, CommandLineFormNamesTheKernel) {
  TypeContext Types;
  Parsed P = parse(Types, "increment(float32[:, :], uint8)", /*AllowName=*/true);
  ASSERT_TRUE(P.Sig);
  EXPECT_EQ(P.Name, "increment");
  EXPECT_EQ(P.Sig->Return, nullptr);
  EXPECT_EQ(P.Sig->Args[1], Types.scalar(ScalarKind::UInt8));
}

TEST(Signature, ReportsUnknownTypesAtTheirColumn) {
  TypeContext Types;
  Parsed P = parse(Types, "void(flaot32[:])");
  EXPECT_FALSE(P.Sig);
  ASSERT_EQ(P.Diags.size(), 1u);
  EXPECT_EQ(P.Diags[0].Message, "invalid signature: unknown type 'flaot32'; did you mean 'float32'?");
  EXPECT_EQ(P.Diags[0].Range.Begin.Column, 6u);
  EXPECT_EQ(P.Diags[0].Range.End.Column, 13u);
}

TEST(Signature, ReportsAnUnclosedArgumentList) {
  TypeContext Types;
  Parsed P = parse(Types, "void(float32[:]");
  EXPECT_FALSE(P.Sig);
  ASSERT_EQ(P.Diags.size(), 1u);
  EXPECT_EQ(P.Diags[0].Message, "invalid signature: expected ',' or ')' after an argument type");
}

TEST(Signature, RejectsAUnitStrideInTheMiddle) {
  TypeContext Types;
  Parsed P = parse(Types, "void(float32[:, ::1, :])");
  EXPECT_FALSE(P.Sig);
  ASSERT_EQ(P.Diags.size(), 1u);
}

TEST(Signature, SpellingRoundTrips) {
  TypeContext Types;
  for (std::string Text : {"float32[:]", "float32[::1]", "float64[:, ::1]", "int8[::1, :]", "uint16"}) {
    Parsed P = parse(Types, "void(" + Text + ")");
    ASSERT_TRUE(P.Sig) << Text;
    EXPECT_EQ(signatureSpelling(P.Sig->Args[0]), Text);
  }
}

} // namespace

namespace {

TEST(Signature, TuplesAsNumbaSpellsThem) {
  // numba.types.UniTuple(dtype, count) and Tuple(sequence), as a signature
  // string evaluates them, beside the repr's UniTuple(float64 x 2).
  TypeContext Types;
  const Type *Pair = Types.tuple({Types.float64(), Types.float64()});
  EXPECT_EQ(parse(Types, "void(UniTuple(float64, 2))").Sig->Args[0], Pair);
  EXPECT_EQ(parse(Types, "void(UniTuple(float64 x 2))").Sig->Args[0], Pair);
  EXPECT_EQ(parse(Types, "void(UniTuple( float64 ,  2 ))").Sig->Args[0], Pair);
  EXPECT_EQ(parse(Types, "void(Tuple((float64, int32)))").Sig->Args[0],
            Types.tuple({Types.float64(), Types.int32()}));
  EXPECT_EQ(parse(Types, "void(Tuple(float64, int32))").Sig->Args[0],
            Types.tuple({Types.float64(), Types.int32()}));
  EXPECT_EQ(parse(Types, "void(UniTuple(UniTuple(int8, 2), 3))").Sig->Args[0],
            Types.tuple(std::vector<const Type *>(
                3, Types.tuple({Types.scalar(ScalarKind::Int8), Types.scalar(ScalarKind::Int8)}))));
}

TEST(Signature, AUniTupleCountIsFromOneTo64) {
  TypeContext Types;
  for (const char *Text : {"void(UniTuple(float64, 0))", "void(UniTuple(float64, 65))",
                           "void(UniTuple(float64, n))"}) {
    Parsed P = parse(Types, Text);
    EXPECT_FALSE(P.Sig) << Text;
    ASSERT_EQ(P.Diags.size(), 1u) << Text;
    EXPECT_EQ(P.Diags[0].Message,
              "invalid signature: expected a count from 1 to 64 after the element type")
        << Text;
  }
}

} // namespace
