//===- test/unit/CudaSourceTest.cpp - --emit=cuda's errors and names ------===//
//
// Every construct Python kernels reach is written (test/CudaSource/); these
// check what cannot come from Python source: a node the writer has no C++
// for is a located [CudaSourceUnsupported] error with no output, and names
// that CUDA's headers declare are avoided.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSource.h"
#include "codegen/CudaSourceWriter.h"
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/CompilePlan.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace pykc;

namespace {

const char *Source = R"py(from numba import cuda

@cuda.jit("void(float64[:])")
def k(a):
    a[0] = 1.0
)py";

} // namespace

TEST(CudaSource, AConstructWithoutCppIsALocatedError) {
  frontend::SourceManager Sources;
  std::ostringstream Errors;
  frontend::DiagnosticEngine Diags(&Errors);
  frontend::ASTContext AST;
  const frontend::SourceFile *File = Sources.addBuffer("k.py", Source);
  frontend::Module Syntax = frontend::parseModule(*File, AST, Diags);
  ir::TypeContext Types;
  ir::ModuleScope Scope(Syntax, Types, Diags);
  ir::SemaResult Typed = ir::typeModule(Scope, Types, Diags);
  ASSERT_FALSE(Diags.hasErrors()) << Errors.str();
  std::string Out;
  ASSERT_TRUE(codegen::emitCudaSource(*Typed.IR, *File, Diags, Out));
  EXPECT_NE(Out.find("pykc_at(a, 0) = 1.0;"), std::string::npos);

  // A prange loop is host code: a kernel never has one.
  ir::Function *K = Typed.IR->functions().front().get();
  frontend::SourceRange Where = K->Body.front()->Range;
  auto Int = [&](int64_t V) {
    auto *C = Typed.IR->create<ir::ConstantExpr>(Where);
    C->Ty = Types.int64();
    C->IntBits = uint64_t(V);
    return C;
  };
  auto *Loop = Typed.IR->create<ir::ParallelForExpr>(Where);
  Loop->Ty = Types.none();
  Loop->Start = Int(0);
  Loop->Stop = Int(8);
  Loop->Step = Int(1);
  auto *Eval = Typed.IR->create<ir::EvalStmt>(Where);
  Eval->Value = Loop;
  K->Body.push_back(Eval);
  Out.clear();
  EXPECT_FALSE(codegen::emitCudaSource(*Typed.IR, *File, Diags, Out));
  EXPECT_TRUE(Out.empty());
  EXPECT_EQ(Errors.str(), "k.py:5:5: error: --emit=cuda cannot write prange loops (host code) yet "
                          "(--emit=ptx and -c can) [CudaSourceUnsupported]\n"
                          "    a[0] = 1.0\n"
                          "    ^~~~\n");
}

TEST(CudaSource, NamesCudaHeadersDeclareAreReserved) {
  for (const char *Taken : {"select", "exp", "sqrt", "printf", "malloc", "int", "threadIdx",
                            "cudaMalloc", "cuLaunchKernel", "__x", "_Y", "pykc_at", "min", "main"})
    EXPECT_TRUE(codegen::isReservedCudaName(Taken)) << Taken;
  for (const char *Free : {"increment_by_one", "fast_matmul", "cuda_reduce", "curve", "_x",
                           "tmp", "a", "selection", "mains", "domain"})
    EXPECT_FALSE(codegen::isReservedCudaName(Free)) << Free;
}
