//===- test/unit/CpuSharedLayoutTest.cpp - CPU shared memory per kernel ---===//
//
// The CPU backend gives each kernel's blocks the shared memory that kernel
// can touch: its own arrays plus those of the device functions it reaches,
// not the sum over the module.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUBackend.h"
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/CompilePlan.h"

#include <gtest/gtest.h>

#include <iostream>

using namespace pykc;

namespace {

const char *Source = R"py(from numba import cuda, float32, float64

@cuda.jit(device=True)
def stage(a):
    tmp = cuda.shared.array(1000, float64)  # 8000 bytes
    tmp[cuda.threadIdx.x] = a[0]
    cuda.syncthreads()
    a[0] = tmp[0]

@cuda.jit("void(float32[:])")
def big(a):
    s = cuda.shared.array(4096, float32)  # 16384 bytes
    s[cuda.threadIdx.x] = a[0]
    cuda.syncthreads()
    a[0] = s[1]

@cuda.jit("void(float64[:])")
def small(a):
    s = cuda.shared.array(5, float64)  # 40 bytes, 48 aligned
    s[cuda.threadIdx.x] = a[0]
    cuda.syncthreads()
    a[0] = s[1]

@cuda.jit("void(float64[:])")
def calls(a):
    s = cuda.shared.array(2, float64)  # 16 bytes, after stage's 8000
    s[0] = a[0]
    stage(a)
    a[1] = s[0]

@cuda.jit("void(float64[:])")
def none(a):
    a[0] = 1.0
)py";

} // namespace

TEST(CpuSharedLayout, EachKernelGetsWhatItReaches) {
  frontend::SourceManager Sources;
  frontend::DiagnosticEngine Diags(&std::cerr);
  frontend::ASTContext AST;
  const frontend::SourceFile *File = Sources.addBuffer("layout.py", Source);
  frontend::Module Syntax = frontend::parseModule(*File, AST, Diags);
  ir::TypeContext Types;
  ir::ModuleScope Scope(Syntax, Types, Diags);
  ir::SemaResult Typed = ir::typeModule(Scope, Types, Diags);
  ASSERT_FALSE(Diags.hasErrors());

  std::string Error;
  auto JIT = codegen::CPUJit::create({{"pykc_cpu_barrier", reinterpret_cast<void *>(+[](void *) {})}}, Error);
  ASSERT_TRUE(JIT) << Error;
  ASSERT_TRUE(JIT->add(*Typed.IR, 0, Error)) << Error;
  auto Bytes = [&](const char *Kernel) -> uint64_t {
    auto K = JIT->lookup(Kernel, Error);
    EXPECT_TRUE(K) << Error;
    return K ? K->SharedBytes : ~uint64_t(0);
  };
  EXPECT_EQ(Bytes("big"), 16384u);
  EXPECT_EQ(Bytes("small"), 48u);
  EXPECT_EQ(Bytes("calls"), 8000u + 16u);
  EXPECT_EQ(Bytes("none"), 0u);
}
