//===- ForeignSignatureTest.cpp - cuda.declare_device signatures ----------===//
#include "ir/ForeignFunction.h"

#include <gtest/gtest.h>

using namespace pykc;
using namespace pykc::ir;

namespace {

struct Parsed {
  bool Ok = false;
  ForeignFunction Fn;
  std::vector<frontend::Diagnostic> Diags;
};

Parsed parse(TypeContext &Types, const std::string &Text) {
  static frontend::SourceManager Sources;
  const frontend::SourceFile *File = Sources.addBuffer("<sig>", Text);
  frontend::DiagnosticEngine Diags(nullptr);
  Parsed P;
  P.Ok = parseForeignSignature(Text, *File, 0, Types, Diags, P.Fn);
  P.Diags = Diags.diagnostics();
  return P;
}

TEST(ForeignSignature, ParsesScalarsPointersAndVoidptr) {
  TypeContext Types;
  Parsed P = parse(Types, "float32(CPointer(float64), int32, voidptr, intp)");
  ASSERT_TRUE(P.Ok);
  EXPECT_EQ(P.Fn.Return, Types.float32());
  ASSERT_EQ(P.Fn.Params.size(), 4u);
  EXPECT_EQ(P.Fn.Params[0].K, ForeignParam::Kind::Pointer);
  EXPECT_EQ(P.Fn.Params[0].Ty, Types.float64());
  EXPECT_EQ(P.Fn.Params[1].Ty, Types.int32());
  EXPECT_EQ(P.Fn.Params[2].K, ForeignParam::Kind::VoidPointer);
  EXPECT_EQ(P.Fn.Params[3].Ty, Types.int64());
  EXPECT_EQ(P.Fn.signatureText(), "float32(CPointer(float64), int32, voidptr, int64)");
}

TEST(ForeignSignature, VoidAndNoParameters) {
  TypeContext Types;
  Parsed P = parse(Types, " void ( ) ");
  ASSERT_TRUE(P.Ok);
  EXPECT_EQ(P.Fn.Return, Types.none());
  EXPECT_TRUE(P.Fn.Params.empty());
  EXPECT_EQ(P.Fn.signatureText(), "void()");
}

TEST(ForeignSignature, RefusesArraysComplexAndTrailingText) {
  TypeContext Types;
  for (const char *Bad : {"float32(float32[:])", "void(complex128)", "complex64(int32)",
                          "int32(int32) extra", "int32(CPointer(int32)", "float32"}) {
    Parsed P = parse(Types, Bad);
    EXPECT_FALSE(P.Ok) << Bad;
    ASSERT_EQ(P.Diags.size(), 1u) << Bad;
    EXPECT_EQ(P.Diags[0].Kind, frontend::DiagKind::BadForeignSignature) << Bad;
  }
}

TEST(ForeignSignature, LinkFileKindsByExtension) {
  EXPECT_EQ(linkFileKind("a/functions.cu"), LinkFileKind::Cuda);
  EXPECT_EQ(linkFileKind("f.ptx"), LinkFileKind::Ptx);
  EXPECT_EQ(linkFileKind("f.ltoir"), LinkFileKind::LtoIr);
  EXPECT_EQ(linkFileKind("lib.a"), LinkFileKind::Archive);
  EXPECT_EQ(linkFileKind("f.o"), LinkFileKind::Object);
  EXPECT_EQ(linkFileKind("f.fatbin"), LinkFileKind::Fatbin);
  EXPECT_FALSE(linkFileKind("f.cpp"));
  EXPECT_FALSE(linkFileKind(".cu")); // a name that is only the extension
}

} // namespace
